import { ListItemIcon, Menu, MenuItem } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ActionItem } from './admin-actions';

/** A table row's More actions menu, fetched with MUI's Menu when it first opens (decision 054). */
export function EventRowMenu({ anchor, items, onClose }: { anchor: HTMLElement | null; items: ActionItem[]; onClose: () => void }) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {items.map((item) =>
        item.to ? (
          <MenuItem key={item.name} component={RouterLink} to={item.to} onClick={onClose}>
            <ListItemIcon sx={{ color: item.color ? `${item.color}.main` : undefined }}>{item.icon}</ListItemIcon>
            {item.label}
          </MenuItem>
        ) : (
          <MenuItem
            key={item.name}
            onClick={() => {
              onClose();
              item.onClick?.();
            }}
            sx={{ color: item.color ? `${item.color}.main` : undefined }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>{item.icon}</ListItemIcon>
            {item.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
