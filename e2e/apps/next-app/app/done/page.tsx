// Where the signer goes next (a client-side navigation with next/link): the signing page is unmounted.
export default function DonePage() {
  return <h1 id="done">Thank you</h1>;
}
