import { Box, Tooltip, Typography } from '@mui/material';

/**
 * Who is signed in, at the drawer's head: a name (a member's first name, a firm's whole name) and a second line. Each
 * is cut to one line with an ellipsis, so the full text is a tooltip and the element's title (issue 16).
 */
export function DrawerIdentity({ name, detail }: { name: string; detail: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tooltip title={name} placement="bottom-start" enterDelay={400}>
        <Typography sx={{ fontWeight: 700 }} noWrap title={name} data-testid="drawer-name">
          {name}
        </Typography>
      </Tooltip>
      <Typography variant="body2" color="text.secondary" noWrap title={detail}>
        {detail}
      </Typography>
    </Box>
  );
}
