// Schemas and messages of the register module; filled in by its work.
export {};
