import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  Strikethrough,
  Undo2,
  Unlink,
} from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';

/**
 * The console's rich-text editor (TipTap, a maintained ProseMirror editor): headings, emphasis,
 * lists, quotes, links and images by upload. It produces HTML that the server sanitises before
 * storing (§5) — the toolbar offers only what the server's allow-list keeps. It knows no domain: its
 * labels are the console shell's `console:richText.*`, uploads go through `onUploadImage`. Console
 * only: import it from lazily loaded console screens (news body, page rich-text blocks), never from
 * a public route — TipTap must stay out of visitors' scripts (DESIGN §10).
 *
 * @param value the HTML to start from (read once; remount with a `key` to load another text)
 * @param onChange every change, as HTML
 * @param onUploadImage uploads a picked image and answers its URL (the media upload route)
 */
export function RichTextEditor({
  value,
  onChange,
  onUploadImage,
  label,
  dir,
  testId,
}: {
  value: string;
  onChange: (html: string) => void;
  onUploadImage: (file: File) => Promise<string>;
  label: string;
  dir?: 'ltr' | 'rtl' | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('console');
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] }, code: false, codeBlock: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto', 'tel'],
        isAllowedUri: (url) => /^(https?:|mailto:|tel:|\/)/i.test(url.trim()),
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    immediatelyRender: true,
    // The app's Content-Security-Policy allows no inline <style>: ProseMirror's few rules are the
    // classes below (pre-wrap text, word breaking) instead of TipTap's injected stylesheet.
    injectCSS: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(dir ? { dir } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        class:
          'min-h-[320px] px-4 py-3 whitespace-pre-wrap break-words outline-none [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_p]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:list-decimal [&_ol]:ps-6 [&_blockquote]:border-s-4 [&_blockquote]:border-slate-200 [&_blockquote]:ps-3 [&_blockquote]:text-slate-600 [&_a]:text-primary [&_a]:underline [&_img]:my-3 [&_img]:max-w-full [&_img]:rounded-lg [&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-primary',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const url = window.prompt(t('richText.linkPrompt'), previous);
    if (url === null) return;
    if (url.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };

  const pickImage = async (file: File) => {
    try {
      const url = await onUploadImage(file);
      editor.chain().focus().setImage({ src: url, alt: '' }).run();
    } catch {
      // onUploadImage has told the person why.
    }
  };

  const tools: {
    icon: LucideIcon;
    label: string;
    isActive?: boolean;
    isDisabled?: boolean;
    run: () => void;
  }[] = [
    {
      icon: Bold,
      label: t('richText.bold'),
      isActive: state.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      icon: Italic,
      label: t('richText.italic'),
      isActive: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      icon: Strikethrough,
      label: t('richText.strike'),
      isActive: state.strike,
      run: () => editor.chain().focus().toggleStrike().run(),
    },
    {
      icon: Heading2,
      label: t('richText.heading2'),
      isActive: state.h2,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      icon: Heading3,
      label: t('richText.heading3'),
      isActive: state.h3,
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      icon: List,
      label: t('richText.bulletList'),
      isActive: state.bullet,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      icon: ListOrdered,
      label: t('richText.orderedList'),
      isActive: state.ordered,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      icon: Quote,
      label: t('richText.quote'),
      isActive: state.quote,
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    { icon: Link2, label: t('richText.link'), isActive: state.link, run: setLink },
    {
      icon: Unlink,
      label: t('richText.unlink'),
      isDisabled: !state.link,
      run: () => editor.chain().focus().unsetLink().run(),
    },
    { icon: ImagePlus, label: t('richText.image'), run: () => fileInput.current?.click() },
    {
      icon: Undo2,
      label: t('richText.undo'),
      isDisabled: !state.canUndo,
      run: () => editor.chain().focus().undo().run(),
    },
    {
      icon: Redo2,
      label: t('richText.redo'),
      isDisabled: !state.canRedo,
      run: () => editor.chain().focus().redo().run(),
    },
  ];

  return (
    <div className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-primary">
      <div
        role="toolbar"
        aria-label={t('richText.toolbar')}
        className="flex flex-wrap gap-0.5 border-b border-slate-100 bg-slate-50 p-1.5"
      >
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            title={tool.label}
            aria-label={tool.label}
            aria-pressed={tool.isActive ?? undefined}
            disabled={tool.isDisabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
            className={cx(
              'inline-flex size-8 items-center justify-center rounded-md text-slate-600 transition hover:bg-white hover:text-slate-900 disabled:opacity-40',
              tool.isActive && 'bg-white text-primary shadow-sm ring-1 ring-slate-200',
            )}
          >
            <tool.icon aria-hidden="true" className="size-4 rtl:[&.lucide-undo-2]:-scale-x-100" />
          </button>
        ))}
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void pickImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
