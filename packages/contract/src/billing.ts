// Schemas and messages of the billing module; filled in by its work.
export {};
