/**
 * What a component does after a mutation its feature's hook runs (toasts, navigation, local
 * state), passed to the hook; the hook keeps the request and the cache effects to itself.
 */
export interface MutationCallbacks<Data> {
  onSuccess?: (data: Data) => void;
  onError?: (error: Error) => void;
}
