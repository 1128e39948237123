import diagnosticsChannel from 'node:diagnostics_channel';

/** `ok`, the kind of refusal the provider answered with (`rate_limited`...), `timeout` or `network_error`. */
export type ProviderCallEvent = { provider: string; outcome: string; seconds: number };

/**
 * Every HTTP attempt at a provider, published for the metrics without integrations knowing of them;
 * nothing is measured while no one subscribes.
 */
export const providerCallChannel = diagnosticsChannel.channel('careloop:provider-call');

export const publishProviderCall = (event: ProviderCallEvent) => providerCallChannel.publish(event);
