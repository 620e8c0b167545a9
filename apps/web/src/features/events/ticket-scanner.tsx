import { QrCodeScanner, Stop } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createRepeatFilter } from './rules';

/** What to tell the person at the door when the camera cannot start. */
export function cameraProblem(error: unknown, secure = typeof window === 'undefined' || window.isSecureContext): string {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'Camera permission was refused. Allow this site to use the camera in the browser’s settings and try again, or type the booking number.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'No camera was found on this device. Type the booking number or upload an attendance CSV instead.';
  }
  if (name === 'NotReadableError' || name === 'TrackStartError') {
    return 'The camera is in use by another application. Close it and try again.';
  }
  if (name === 'NoMediaDevices') {
    return secure
      ? 'This browser cannot use a camera. Type the booking number or upload an attendance CSV instead.'
      : 'The camera can only be used over a secure (https) address. Type the booking number or upload an attendance CSV instead.';
  }
  return 'The camera could not be started. Type the booking number or upload an attendance CSV instead.';
}

const SCAN_INTERVAL_MS = 200;
const MAX_FRAME = 720;

/**
 * Scans ticket QR codes with the device's camera (the back one on a phone): frames are drawn to a canvas and read
 * with jsQR; each code is handed on once (the same ticket held in view is not sent again). The camera stops when
 * the scanner is stopped or the page is left.
 */
export function TicketScanner({ onScan, disabled }: { onScan: (text: string) => void; disabled?: boolean }) {
  const [state, setState] = useState<'idle' | 'starting' | 'on'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [lastCode, setLastCode] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const activeRef = useRef(false);
  const onScanRef = useRef(onScan);
  const isNew = useMemo(() => createRepeatFilter(), []);

  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  function stop() {
    activeRef.current = false;
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('idle');
  }

  // Leaving the page stops the camera.
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop only touches refs and state setters
  useEffect(() => stop, []);

  async function start() {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(cameraProblem({ name: 'NoMediaDevices' }));
      return;
    }
    setState('starting');
    activeRef.current = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (e) {
      activeRef.current = false;
      setState('idle');
      setProblem(cameraProblem(e));
      return;
    }
    if (!activeRef.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    streamRef.current = stream;
    const video = videoRef.current;
    if (!video) return stop();
    video.srcObject = stream;
    try {
      await video.play();
    } catch {
      // autoplay of a muted inline video is allowed; frames are read either way
    }
    const { default: jsQR } = await import('jsqr');
    setState('on');
    const tick = () => {
      if (!activeRef.current) return;
      const canvas = canvasRef.current;
      if (canvas && video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, MAX_FRAME / Math.max(video.videoWidth, video.videoHeight));
        const width = Math.round(video.videoWidth * scale);
        const height = Math.round(video.videoHeight * scale);
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (context) {
          context.drawImage(video, 0, 0, width, height);
          const code = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' });
          const text = code?.data.trim();
          if (text && isNew(text)) {
            setLastCode(text);
            onScanRef.current(text);
          }
        }
      }
      timerRef.current = setTimeout(tick, SCAN_INTERVAL_MS);
    };
    tick();
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {state === 'idle' ? (
          <Button variant="contained" startIcon={<QrCodeScanner />} onClick={start} disabled={disabled}>
            Scan ticket
          </Button>
        ) : (
          <Button variant="outlined" color="error" startIcon={<Stop />} onClick={stop}>
            Stop camera
          </Button>
        )}
        {state === 'starting' && <CircularProgress size={22} aria-label="Starting the camera" />}
        {state === 'on' && (
          <Typography variant="body2" color="text.secondary">
            Hold the ticket’s QR code in front of the camera.
          </Typography>
        )}
      </Stack>
      {problem && (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      )}
      <Box
        sx={{
          display: state === 'idle' ? 'none' : 'block',
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <video ref={videoRef} muted playsInline style={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'cover' }} />
        <Box
          aria-hidden
          sx={{ position: 'absolute', inset: '15%', border: '3px solid rgba(255,255,255,0.8)', borderRadius: 2, pointerEvents: 'none' }}
        />
      </Box>
      <canvas ref={canvasRef} hidden />
      {lastCode && state === 'on' && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Last read: {lastCode}
        </Typography>
      )}
    </Stack>
  );
}
