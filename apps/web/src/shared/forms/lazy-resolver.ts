import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A zod resolver whose schema, zod and the zod resolver are fetched when the form is first checked (a Save, or a
 * field re-checked after one), not with the page: a page's first load carries no zod (26 kB gzipped) for a form
 * nobody has submitted yet (issue 27, decision 054). `loadSchema` imports the schema by destructuring, e.g.
 * `() => import('@portal/contract').then(({ eventInput }) => eventInput)`, so the build keeps only that schema's
 * module in the chunk it fetches. React Hook Form awaits a resolver in every case, so a form behaves as it did.
 */
export function lazyZodResolver<T extends FieldValues, Output = T>(loadSchema: () => Promise<ZodType>): Resolver<T, unknown, Output> {
  let loaded: Promise<Resolver<T, unknown, Output>> | undefined;
  return (values, context, options) => {
    loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<T, unknown, Output>,
    );
    // A failed fetch (a new deployment, the network) is tried again at the next check, not kept.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded.then((resolver) => resolver(values, context, options));
  };
}
