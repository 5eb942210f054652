// The sandbox's addresses, which the test gives the server's environment (a partner's would be fixed values).
export const signingOptions = {
  cdnUrl: process.env.SIGNING_CDN_URL ?? '',
  appUrl: process.env.SIGNING_APP_URL ?? '',
};
