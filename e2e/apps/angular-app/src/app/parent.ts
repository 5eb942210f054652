// The partner's page around the docs' SignLoanContract (src/app/sign-loan-contract.ts, copied from docs/frameworks.md
// block "angular-example" when the test builds the app). Re-rendered on every tick; the token comes from its state.
import { Component } from '@angular/core';
import { SignLoanContract } from './sign-loan-contract';
import { observed, state } from './state';

@Component({
  selector: 'app-parent',
  imports: [SignLoanContract],
  template: `
    <main>
      <p [attr.data-tick]="tick()">Parent render {{ rendered() }}</p>
      <app-sign-loan-contract [signingToken]="token()" [attr.data-tick]="tick()" (signed)="onSigned()" />
    </main>
  `,
})
export class Parent {
  protected readonly token = state.token;
  protected readonly tick = state.tick;

  onSigned(): void {
    observed.signed++;
  }

  /** Called by the template each time Angular refreshes it: counts the parent's renders. */
  protected rendered(): number {
    observed.renders++;
    return this.tick();
  }
}
