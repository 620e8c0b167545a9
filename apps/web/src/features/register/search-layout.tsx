import { KeyboardArrowUp } from '@mui/icons-material';
import { Button, Fab, Zoom } from '@mui/material';
import { useEffect, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { PublicFrame } from '../../shared/ui/public-frame';

/** Scroll-to-top shows after 20px of scrolling (part 1 §9). */
const SCROLL_THRESHOLD = 20;

function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  const { pathname } = useLocation();
  // A new page of the register starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => {
    window.scrollTo({ top: 0 });
    setPast(false);
  }, [pathname]);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

/** The layout of the public verification pages (/search/verify/…): a header linking to search and login, and scroll-to-top. */
export function SearchLayout() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);

  return (
    <PublicFrame
      home="/search/search-list"
      sticky
      compactName
      maxWidth="lg"
      mainPaddingY={5}
      footer
      actions={
        <>
          {/* The member checker is a server-rendered page (decision 042): a whole-page load, not a client route. */}
          <Button href="/search/search-list" color="primary">
            Search
          </Button>
          <Button component={RouterLink} to="/" color="primary" variant="outlined">
            Login
          </Button>
        </>
      }
      overlay={
        <Zoom in={scrolled}>
          <Fab
            color="primary"
            size="small"
            aria-label="Scroll to top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            sx={{ position: 'fixed', bottom: 24, right: 24 }}
          >
            <KeyboardArrowUp />
          </Fab>
        </Zoom>
      }
    >
      <Outlet />
    </PublicFrame>
  );
}
