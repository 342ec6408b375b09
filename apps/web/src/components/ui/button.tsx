import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './cx.ts';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'md' | 'sm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-button font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50 select-none';
const variants: Record<Variant, string> = {
  primary: 'bg-button text-on-button shadow-sm hover:brightness-95 active:brightness-90',
  secondary: 'bg-white text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-primary hover:bg-primary/10 active:bg-primary/15',
};
const sizes: Record<Size, string> = { md: 'h-11 px-5 text-[15px]', sm: 'h-9 px-3.5 text-sm' };

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return cx(base, variants[variant], sizes[size], className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

type ButtonLinkProps = {
  to: string;
  variant?: Variant;
  size?: Size;
  className?: string;
  children: ReactNode;
  replace?: boolean;
};

export function ButtonLink({ to, variant, size, className, children, replace }: ButtonLinkProps) {
  return (
    <Link to={to} replace={replace} className={buttonClass(variant, size, className)}>
      {children}
    </Link>
  );
}
