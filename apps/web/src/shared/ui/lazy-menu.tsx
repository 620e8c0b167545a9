import type { MenuProps } from '@mui/material';
import { lazy } from 'react';
import { WhenOpened } from './when-opened';

const Menu = lazy(() => import('@mui/material/Menu'));

/**
 * MUI's Menu fetched the first time it opens, not with the page: Menu, Popover, Modal, Backdrop and Grow are about
 * 11 kB gzipped that a list page (the Export button, a row's More actions) needs only when a menu is opened
 * (decision 054). Once opened it stays drawn, so it closes as it does.
 */
export function LazyMenu(props: MenuProps) {
  return (
    <WhenOpened open={props.open}>
      <Menu {...props} />
    </WhenOpened>
  );
}
