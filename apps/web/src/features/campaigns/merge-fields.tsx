import { Box, Button, Typography } from '@mui/material';
import { MERGE_FIELDS, type MergeField } from '@portal/contract';

/** The merge fields a message may use; a click inserts `{{field}}` where the cursor was. */
export function MergeFieldList({ onInsert }: { onInsert: (field: MergeField) => void }) {
  return (
    <Box component="section" aria-label="Merge fields">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        Insert a merge field at the cursor:
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {(Object.entries(MERGE_FIELDS) as [MergeField, string][]).map(([field, meaning]) => (
          <Button
            key={field}
            size="small"
            variant="outlined"
            title={meaning}
            // Keeps the focus (and the cursor) in the field the text goes into.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(field)}
            sx={{ textTransform: 'none', fontFamily: 'monospace', py: 0, minWidth: 0 }}
          >
            {`{{${field}}}`}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
