// The partner's applications, reduced to what the test needs: which verified `application.contract.signed`
// deliveries each got, deduplicated on the event id, as the docs' webhook route asks.
const signedEvents = new Map<string, string[]>();

export async function markApplicationSigned(applicationId: string, eventId: string): Promise<void> {
  const events = signedEvents.get(applicationId) ?? [];
  if (!events.includes(eventId)) signedEvents.set(applicationId, [...events, eventId]);
}

export function signedEventsOf(applicationId: string): string[] {
  return [...(signedEvents.get(applicationId) ?? [])];
}
