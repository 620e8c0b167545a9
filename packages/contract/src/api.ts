import * as z from 'zod';

/** Every success body is {data}; every failure is {message, errors?} (decisions.md §2). */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export function dataOf<T extends z.ZodTypeAny>(schema: T) {
  return z.object({ data: schema });
}

export const messageData = z.object({ message: z.string() });
