import { Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchRawBlob, rawFileKey, type RawSource } from '../../../api/files/rawFile.ts';

/** Pages drawn at most; a longer PDF is better read after downloading it. */
const MAX_PAGES = 30;
const PAGE_WIDTH = 660;

/**
 * A PDF drawn page by page with pdf.js. This module is only imported lazily (it pulls in pdfjs-dist);
 * pdf.js' worker comes from this GUI's own assets (a Vite `?url` import), never from a CDN, because
 * an oasis may run offline.
 */
export function PdfPreview({ source, onFail }: { source: RawSource; onFail: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const query = useQuery({
    queryKey: rawFileKey(source, 'blob'),
    meta: { silent: true },
    queryFn: ({ signal }) => fetchRawBlob(source, signal),
  });
  const blob = query.data;
  useEffect(() => {
    if (query.isError) onFail();
  }, [query.isError, onFail]);
  useEffect(() => {
    const element = container.current;
    if (!blob || !element) return undefined;
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    const draw = async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()) });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      element.replaceChildren();
      for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES) && !cancelled; number++) {
        const page = await pdf.getPage(number);
        const unscaled = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: PAGE_WIDTH / unscaled.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.display = 'block';
        canvas.style.marginBottom = '8px';
        canvas.dataset.testid = 'pdf-page';
        element.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
    };
    draw().catch((error: unknown) => {
      if (cancelled) return;
      console.error(error);
      onFail();
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [blob, onFail]);
  return (
    <Box data-testid="pdf-preview" sx={{ overflow: 'auto', maxHeight: 520 }}>
      {blob ? null : <CircularProgress size={20} />}
      <div ref={container} />
    </Box>
  );
}
