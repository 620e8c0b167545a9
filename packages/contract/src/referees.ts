// Schemas and messages of the referees module; filled in by its work.
export {};
