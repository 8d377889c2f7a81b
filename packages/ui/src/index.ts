export { cn } from './lib/cn';
export { Button, buttonVariants, type ButtonProps } from './button/button';
export { Spinner } from './spinner/spinner';
export { Link, LinkProvider, type LinkComponentProps } from './link/link';
export { Badge, badgeVariants, type BadgeProps } from './badge/badge';
export {
  TextField,
  PasswordField,
  type TextFieldProps,
  type PasswordFieldProps,
} from './text-field/text-field';
export { Checkbox, type CheckboxProps } from './checkbox/checkbox';
export { Alert, alertVariants, type AlertProps, type AlertVariant } from './alert/alert';
export { Breadcrumbs, type BreadcrumbsProps, type BreadcrumbItem } from './breadcrumbs/breadcrumbs';
export {
  Table,
  TableHeader,
  TableBody,
  TableFooter,
  TableRow,
  TableHead,
  TableCell,
  TableCaption,
} from './table/table';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './card/card';
export {
  Price,
  formatPrice,
  PriceFormatError,
  DEFAULT_PRICE_LOCALE,
  type PriceProps,
  type FormatPriceOptions,
} from './price/price';
export { CopyButton, COPIED_INDICATOR_MS, type CopyButtonProps } from './copy-button/copy-button';
export { ProgressBar, type ProgressBarProps } from './progress-bar/progress-bar';
export { Tabs, TabsList, TabsTrigger, TabsContent, tabsListVariants } from './tabs/tabs';
export {
  Menu,
  MenuItem,
  MenuSeparator,
  MenuGroupLabel,
  type MenuProps,
  type MenuItemProps,
} from './menu/menu';
export { TYPEAHEAD_RESET_MS } from './lib/typeahead';
export { loadOnce, useLoaded } from './lib/lazy';
export { Select, type SelectProps, type SelectOption } from './select/select';
export { Dialog, DialogActions, type DialogProps } from './dialog/dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog/confirm-dialog';
export { SlideOver, type SlideOverProps } from './slide-over/slide-over';
export {
  CommandPalette,
  type CommandPaletteProps,
  type CommandPaletteItem,
  type CommandPaletteItems,
} from './command-palette/command-palette';
export {
  searchCommandPaletteItems,
  createCommandPaletteSearch,
  MATCH_TIERS,
  type MatchTier,
  type CommandPaletteResult,
  type CommandPaletteSearch,
} from './command-palette/search';
