export type FieldKind = 'text' | 'textarea' | 'select' | 'date' | 'number' | 'switch' | 'file';

export interface Option {
  value: string;
  label: string;
}

export interface FormContext {
  values: Record<string, unknown>;
  countyField: boolean;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  /** Static options, or a setup list name with the row's value and label keys. */
  options?: Option[];
  lookup?: { list: string; value: string; label: string; parentFrom?: string };
  upper?: boolean;
  digits?: boolean;
  /** A phone number: typed any usual way ('0722 123 456', '+254 …'), shown '+254 722 123 456' (decision 040). */
  phone?: boolean;
  maxLength?: number;
  /** Shown under the field once its text reaches `maxLength` ('Max 100 characters reached'). */
  maxReachedMessage?: string;
  /** PDF or image, for file fields. */
  accept?: 'pdf' | 'image';
  visible?: (ctx: FormContext) => boolean;
  width?: 'half' | 'full';
  helper?: string;
  defaultValue?: unknown;
}

export interface ColumnDef {
  label: string;
  value: (entry: Record<string, unknown>) => string;
}

export interface SectionConfig {
  path: string;
  title: string;
  noun: string;
  fields: FieldDef[];
  columns: ColumnDef[];
  /** Extra check before saving, e.g. one contact per type. */
  addLabel?: string;
  maxWidth?: 'sm' | 'md';
}

export const PDF_MAX = 10_000_000;
