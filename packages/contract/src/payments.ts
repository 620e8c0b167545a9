// Schemas and messages of the payments module; filled in by its work.
export {};
