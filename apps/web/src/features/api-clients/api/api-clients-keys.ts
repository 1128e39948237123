/** Query keys of the API clients feature. */
export const apiClientsKeys = {
  all: ['api-clients'] as const,
  usage: ['api-clients', 'usage'] as const,
};
