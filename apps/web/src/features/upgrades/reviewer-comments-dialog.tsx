import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import { formatDate } from '@portal/contract';
import { Fragment } from 'react';
import type { visibleComments } from './rules';

/** The 'Reviewer Comments' popup (part 2 §2.2), loaded when first opened (decision 054). */
export function ReviewerCommentsDialog({
  open,
  comments,
  onClose,
}: {
  open: boolean;
  comments: ReturnType<typeof visibleComments>;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="reviewer-comments-title">
      <DialogTitle id="reviewer-comments-title">Reviewer Comments</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {comments.map((c, i) => (
            <Fragment key={`${c.commentDate}-${c.comment}`}>
              {i > 0 && <Divider />}
              <Box>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {c.displayName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDate(c.commentDate)}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.comment}
                </Typography>
              </Box>
            </Fragment>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
