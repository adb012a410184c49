/**
 * The privacy registry: the one list of what holds personal data on screen or in memory, and the
 * one way to forget it. Each store (and a component holding an image of its own) registers what
 * it holds — `hasPersonalData` and `forget` — when it is created; "Next person" forgets the
 * person at the front desk (scope `desk`), the idle reset forgets everything (`desk` and
 * `kiosk`). Nobody writes into another store's state to forget it. A Pinia store, so each Pinia
 * (each test) has its own list; a holder registered again under the same name replaces the old.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';

/** desk: about the person at the front desk ("Next person" forgets it); kiosk: only the idle reset does. */
export type PrivacyScope = 'desk' | 'kiosk';
/** Why the data is forgotten: the officer's "Next person", or the idle time ran out. */
export type ForgetReason = 'next-person' | 'idle';

export interface PersonalDataHolder {
  scope: PrivacyScope;
  /** True while it holds something about a person (the idle reset is armed by it). */
  hasPersonalData(): boolean;
  /** Forgets it, from the screen and from memory. Sends nothing to main and stops nothing there. */
  forget(reason: ForgetReason): void;
  /** True when forgetting drops work not yet sent (a half-typed form). */
  unsent?(): boolean;
}

export interface ForgetOutcome {
  /** Work not yet sent was dropped (the idle notice says so). */
  unsentLost: boolean;
}

const inScope = (holder: PersonalDataHolder, reason: ForgetReason): boolean => reason === 'idle' || holder.scope === 'desk';

export const usePrivacyRegistry = defineStore('privacyRegistry', () => {
  // Functions, not state: deliberately not reactive.
  const holders = new Map<string, PersonalDataHolder>();

  /** Registers `holder` under `name`; returns the unregister (for a component's unmount). */
  function register(name: string, holder: PersonalDataHolder): () => void {
    holders.set(name, holder);
    return () => {
      if (holders.get(name) === holder) holders.delete(name);
    };
  }

  /** True when a holder in the scope of `reason` holds personal data. */
  function hasPersonalData(reason: ForgetReason = 'idle'): boolean {
    for (const holder of holders.values()) if (inScope(holder, reason) && holder.hasPersonalData()) return true;
    return false;
  }

  /** True when forgetting for `reason` would drop work not yet sent (a half-typed form): "Next person" asks first. */
  function hasUnsent(reason: ForgetReason): boolean {
    for (const holder of holders.values()) if (inScope(holder, reason) && holder.unsent?.() === true) return true;
    return false;
  }

  /** Names of the holders holding personal data now (diagnostics and tests). */
  function holding(): string[] {
    return [...holders].filter(([, holder]) => holder.hasPersonalData()).map(([name]) => name);
  }

  /** Forgets what the holders in the scope of `reason` hold, in the order they registered. */
  function forget(reason: ForgetReason): ForgetOutcome {
    const targets = [...holders.values()].filter((holder) => inScope(holder, reason));
    const unsentLost = targets.some((holder) => holder.unsent?.() === true);
    for (const holder of targets) holder.forget(reason);
    return { unsentLost };
  }

  return { register, hasPersonalData, hasUnsent, holding, forget };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(usePrivacyRegistry, import.meta.hot));
