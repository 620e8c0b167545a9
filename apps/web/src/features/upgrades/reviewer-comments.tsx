import { Comment } from '@mui/icons-material';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import type { Upgrade } from '@portal/contract';
import { formatDate } from '@portal/contract';
import { Fragment, useState } from 'react';
import { type CommentsButton, visibleComments } from './rules';

/** The Comments button and its 'Reviewer Comments' popup (part 2 §2.2): display name, date and comment of each. */
export function ReviewerComments({ upgrade, button }: { upgrade: Upgrade; button: CommentsButton }) {
  const [open, setOpen] = useState(false);
  if (button === 'hidden') return null;
  const comments = visibleComments(upgrade);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Comment />}
        disabled={button === 'disabled'}
        onClick={() => setOpen(true)}
        aria-label={`Comments on ${upgrade.code}`}
      >
        Comments
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="reviewer-comments-title">
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
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
