import type { DealImage } from "../lib/api-types.ts";
import { DEAL_IMAGE_SIZE } from "../lib/images.ts";

/**
 * The deal's pictures: the first large and loaded at once, the others as thumbnail links
 * (each opens its picture; the page script shows it in place instead).
 */
export function Gallery({ images }: { images: DealImage[] }) {
  const [first] = images;
  if (!first) return null;
  return (
    <div className="gallery">
      <img
        className="gallery__main"
        src={first.url}
        alt={first.alt}
        width={DEAL_IMAGE_SIZE.width}
        height={DEAL_IMAGE_SIZE.height}
        fetchPriority="high"
        data-gallery-main
      />
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="More pictures">
          {images.map((image, i) => (
            <li key={image.id}>
              <a href={image.url} data-gallery-alt={image.alt} aria-current={i === 0 ? "true" : undefined}>
                <img
                  src={image.url}
                  alt={`${i + 1} of ${images.length}: ${image.alt}`}
                  width={DEAL_IMAGE_SIZE.width}
                  height={DEAL_IMAGE_SIZE.height}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
