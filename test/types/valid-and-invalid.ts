// Type tests: compiled by `npm run typecheck`, never run. Valid uses must compile; each @ts-expect-error line
// must fail to compile (if it ever compiles, tsc reports the unused directive and the test fails).
import { SvcContracts, KNOWN_ERROR_CODES, type ContractErrorPayload, type ErrorCode } from '../../src';

const sdk = new SvcContracts('container', { signingToken: 't', contractId: 'c-1', width: 600, height: '80vh' });
sdk
  .on('contract.ready', (payload) => {
    const id: string | undefined = payload.contractId;
    // Every payload names its attempt; the service's sessionId may be absent (README "Support and tracing").
    const trace: [string, string | undefined] = [payload.attemptId, payload.sessionId];
    void id;
    void trace;
  })
  .once('contract.error', (payload: ContractErrorPayload) => {
    switch (payload.code) {
      case KNOWN_ERROR_CODES.NOT_FOUND:
      case 'verification_required':
        break;
      default: {
        const other: string = payload.code; // open-ended: any string still type-checks
        void other;
      }
    }
  })
  .off('contract.completed', () => {});
const opened: Promise<void> = sdk.open();
void opened;
const unknownCode: ErrorCode = 'rate_limited';
void unknownCode;
new SvcContracts(document.body, {
  signingToken: 't',
  environment: 'qa',
  appUrl: 'https://x.test',
  loadTimeout: 5,
  debug: true,
});

// @ts-expect-error: unknown event name
sdk.on('contract.redy', () => {});
// @ts-expect-error: sessionId is optional: not always a string
sdk.on('contract.error', (payload) => payload.sessionId.length);
// @ts-expect-error: the ready payload has no code
sdk.on('contract.ready', (payload) => payload.code);
// @ts-expect-error: error payload code is a string, not a number
sdk.on('contract.error', (payload: { contractId: string | undefined; code: number }) => payload);
// @ts-expect-error: signingToken is required
new SvcContracts('c', {});
// @ts-expect-error: width must be number or string
new SvcContracts('c', { signingToken: 't', width: true });
// @ts-expect-error: environment is a closed set
new SvcContracts('c', { signingToken: 't', environment: 'staging' });
// @ts-expect-error: container must be a string or an Element
new SvcContracts(42, { signingToken: 't' });
// @ts-expect-error: KNOWN_ERROR_CODES is read-only
KNOWN_ERROR_CODES.NOT_FOUND = 'x';

// fontFamily: a family the signing app hosts, or a generic system stack (README "Appearance").
sdk.update({ appearance: { variables: { fontFamily: 'Source Sans 3' } } });
sdk.update({ appearance: { variables: { fontFamily: 'system-ui' } } });
// @ts-expect-error: not a hosted family: the app has no font files for it
sdk.update({ appearance: { variables: { fontFamily: 'Comic Sans MS' } } });
// @ts-expect-error: one name, not a CSS stack
sdk.update({ appearance: { variables: { fontFamily: 'Inter, sans-serif' } } });
