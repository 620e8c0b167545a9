// Schemas and messages of the documents module; filled in by its work.
export {};
