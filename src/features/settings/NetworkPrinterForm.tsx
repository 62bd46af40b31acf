import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { FormNotice } from '@/components/FormNotice';
import { useT } from '@/lib/i18n';
import { NETWORK_TIMEOUT_SECONDS, printerActions, usePrinterStore } from '@/lib/printing/printer-store';
import { FieldMessage } from '@/components/FieldMessage';
import {
  networkPrinterSchema,
  TIMEOUT_RANGE,
  type NetworkPrinterInput,
  type NetworkPrinterValues,
} from './network-printer-schema';
import { useSaved } from './use-saved';

/** An Epson ePOS-Print printer by its address on the shop's network, and the time it has to print a slip. */
export function NetworkPrinterForm() {
  const t = useT();
  const network = usePrinterStore((s) => s.network);
  const secureTerminal = typeof location !== 'undefined' && location.protocol === 'https:';
  const form = useForm<NetworkPrinterInput, unknown, NetworkPrinterValues>({
    resolver: valibotResolver(networkPrinterSchema(secureTerminal)),
    defaultValues: {
      address: network?.address ?? '',
      timeoutSeconds: String(network?.timeoutSeconds ?? NETWORK_TIMEOUT_SECONDS),
    },
  });
  const { errors } = form.formState;
  const saved = useSaved(form);
  const onSubmit = form.handleSubmit((values) => {
    printerActions.networkPrinterSaved(values);
    // Shown as the terminal will use it: the origin alone.
    form.setValue('address', values.address);
  });
  const describedBy = (name: 'address' | 'timeoutSeconds', hint?: string) =>
    [hint, errors[name] ? `network-printer-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <form className="network-printer" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="field">
        <label htmlFor="network-printer-address" className="field-label">
          {t('printer.network.address')}
        </label>
        <input
          id="network-printer-address"
          className="input"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="http://192.168.1.50"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={describedBy('address', 'network-printer-address-hint')}
          {...form.register('address')}
        />
        <FieldMessage id="network-printer-address-error" error={errors.address} />
        <div id="network-printer-address-hint" className="hint">
          <p>{t('printer.network.addressHint')}</p>
          <p>{t('printer.network.reachHint')}</p>
        </div>
      </div>
      <div className="field">
        <label htmlFor="network-printer-timeoutSeconds" className="field-label">
          {t('printer.network.timeoutField')}
        </label>
        <input
          id="network-printer-timeoutSeconds"
          className="input"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={errors.timeoutSeconds ? true : undefined}
          aria-describedby={describedBy('timeoutSeconds')}
          {...form.register('timeoutSeconds')}
        />
        <FieldMessage id="network-printer-timeoutSeconds-error" error={errors.timeoutSeconds} vars={TIMEOUT_RANGE} />
      </div>
      <button type="submit" className="button button-large">
        {t('printer.network.save')}
      </button>
      <FormNotice notice={saved ? { ok: true, text: t('printer.network.saved') } : null} />
    </form>
  );
}
