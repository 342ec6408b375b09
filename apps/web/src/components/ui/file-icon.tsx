import type { FileIconKind } from '@app/contracts';
import { cx } from './cx.ts';

/** Colour of each §9 file icon: Word blue, Excel green, PowerPoint orange, PDF red, media violet. */
const tone: Record<FileIconKind, string> = {
  doc: '#2b579a',
  docx: '#2b579a',
  xls: '#217346',
  xlsx: '#217346',
  ppt: '#c43e1c',
  pptx: '#c43e1c',
  pdf: '#d93025',
  image: '#7c3aed',
  video: '#db2777',
  other: '#64748b',
};

/** The label printed on the icon: the file type (language-neutral), a glyph for media and others. */
const label: Partial<Record<FileIconKind, string>> = {
  doc: 'DOC',
  docx: 'DOCX',
  xls: 'XLS',
  xlsx: 'XLSX',
  ppt: 'PPT',
  pptx: 'PPTX',
  pdf: 'PDF',
};

/**
 * The §9 file icon of a document: a page with a folded corner and a coloured band naming the type
 * (doc, docx, pdf, ppt, pptx, xls, xlsx), a picture mark for images, a play mark for video and a
 * plain page for anything else. Inline SVG (no icon font, no request); decorative — the name and
 * type are read from the row.
 */
export function FileIcon({ kind, className }: { kind: FileIconKind; className?: string }) {
  const color = tone[kind];
  const text = label[kind];
  return (
    <svg
      viewBox="0 0 40 48"
      aria-hidden="true"
      className={cx('h-12 w-10 shrink-0', className)}
      data-file-icon={kind}
      role="presentation"
    >
      <path
        d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill="#fff"
        stroke="#cbd5e1"
      />
      <path d="M26 2v8a2 2 0 0 0 2 2h8" fill="#f1f5f9" stroke="#cbd5e1" />
      {text ? (
        <>
          <rect x="0" y="26" width={text.length > 3 ? 34 : 28} height="13" rx="2" fill={color} />
          <text
            x={text.length > 3 ? 17 : 14}
            y="35.5"
            textAnchor="middle"
            fontSize="8.5"
            fontWeight="700"
            fontFamily="system-ui, sans-serif"
            fill="#fff"
          >
            {text}
          </text>
        </>
      ) : kind === 'image' ? (
        <g fill={color}>
          <circle cx="13" cy="21" r="3" />
          <path d="M8 38l8-10 5 6 4-4 7 8z" />
        </g>
      ) : kind === 'video' ? (
        <g>
          <circle cx="19" cy="29" r="9" fill={color} />
          <path d="M17 25v8l6-4z" fill="#fff" />
        </g>
      ) : (
        <g stroke={color} strokeWidth="2" strokeLinecap="round">
          <path d="M9 22h18M9 28h18M9 34h12" />
        </g>
      )}
    </svg>
  );
}
