import { ReasonDialog as Dialog, type ReasonDialogProps as DialogProps } from '../../components/ReasonDialog';
import { t } from './words';

export type ReasonDialogProps = Omit<DialogProps, 'reasonLabel'>;

/** The console's reason dialog: its field says whether the reason may be left blank. */
export function ReasonDialog(props: ReasonDialogProps) {
  const reasonLabel = props.reason === 'optional' ? t('admin.reason.labelOptional') : t('admin.reason.label');
  return <Dialog reasonLabel={reasonLabel} {...props} />;
}
