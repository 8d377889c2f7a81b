import { cn } from '@tessera/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export type CatalogueImageProps = {
  src: string;
  alt: string;
  /** Shown on the placeholder when the image is missing: the component's or template's name. */
  name: string;
  width: number;
  height: number;
  className?: string;
  srcSet?: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  /** `<source>` elements: the image is then wrapped in a `<picture>`. */
  sources?: ReactNode;
};

/**
 * A catalogue screenshot that never shows the browser's broken-image icon: when the file is
 * missing it becomes a neutral block of the same size that names what it stands for.
 */
export function CatalogueImage({ name, sources, ...image }: CatalogueImageProps) {
  // The source that failed, so a new source (another colour scheme) gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const missing = failed === image.src;
  const ref = useRef<HTMLImageElement>(null);
  // A server-rendered image can fail before hydration attaches onError.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailed(image.src);
  }, [image.src]);

  if (missing) {
    return (
      <div
        role="img"
        aria-label={image.alt}
        data-slot="image-placeholder"
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        className={cn(
          image.className,
          'flex items-center justify-center bg-gray-100 p-4 text-center text-sm/6 font-medium text-gray-600',
        )}
      >
        <span>{name}</span>
      </div>
    );
  }
  const img = <img ref={ref} {...image} onError={() => setFailed(image.src)} />;
  return sources !== undefined ? (
    <picture>
      {sources}
      {img}
    </picture>
  ) : (
    img
  );
}
