// Schemas and messages of the review module; filled in by its work.
export {};
