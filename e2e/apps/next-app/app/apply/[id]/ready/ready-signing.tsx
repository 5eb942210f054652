'use client';
// Prepared hidden at page load, shown ready at the click; "Re-render" re-renders it (new callbacks each time);
// "Leave" unmounts it by a client-side navigation. Each SDK event is recorded in window.signingEvents for the test.
import { ContractSigning } from 'contracts-sdk/react';
import Link from 'next/link';
import { useState } from 'react';

declare global {
  interface Window {
    signingEvents?: string[];
  }
}

const record = (name: string, render: number) => () => {
  window.signingEvents ??= [];
  window.signingEvents.push(`${name}@${render}`);
};

type Props = { signingToken: () => Promise<string>; contractId: string; cdnUrl: string; appUrl: string };

export function ReadySigning({ signingToken, ...options }: Props) {
  const [signing, setSigning] = useState(false);
  const [renders, setRenders] = useState(0);
  return (
    <main>
      <button type="button" id="sign-now" onClick={() => setSigning(true)}>
        Sign now
      </button>
      <button type="button" id="rerender" onClick={() => setRenders((count) => count + 1)}>
        Re-render ({renders})
      </button>
      <Link href="/done" id="leave">
        Leave
      </Link>
      <ContractSigning
        signingToken={signingToken}
        {...options}
        hidden={!signing}
        height="auto"
        onLoading={record('contract.loading', renders)}
        onReady={record('contract.ready', renders)}
        onCompleted={record('contract.completed', renders)}
        onError={record('contract.error', renders)}
      />
    </main>
  );
}
