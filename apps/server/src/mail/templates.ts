const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(brandName: string, body: string): string {
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f9fafb;font-family:Inter,system-ui,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-weight:600;font-size:18px;margin:0 0 24px">${escape(brandName)}</p>${body}</td></tr>
</table></td></tr></table></body></html>`;
}

export function passwordResetMail(options: {
  brandName: string;
  resetUrl: string;
  /** How long the link works, in milliseconds. */
  validForMs: number;
}) {
  const minutes = options.validForMs / 60_000;
  const { brandName, resetUrl } = options;
  return {
    subject: `Reset your ${brandName} password`,
    text: [
      'Hello,',
      '',
      `Someone (hopefully you) asked to reset the password of your ${brandName} account.`,
      'Open this link to choose a new password:',
      '',
      resetUrl,
      '',
      `The link works once and expires in ${minutes} minutes.`,
      'If you did not ask for it, ignore this message: your password stays as it is.',
    ].join('\n'),
    html: layout(
      brandName,
      `<p style="margin:0 0 16px">Someone (hopefully you) asked to reset the password of your ${escape(brandName)} account.</p>
<p style="margin:0 0 24px"><a href="${escape(resetUrl)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 16px;border-radius:8px">Reset password</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5563">The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.</p>
<p style="margin:0;font-size:12px;color:#6b7280;word-break:break-all">${escape(resetUrl)}</p>`,
    ),
  };
}

export function passwordChangedMail(options: { brandName: string; email: string }) {
  const { brandName } = options;
  return {
    subject: `Your ${brandName} password was changed`,
    text: `Hello,\n\nThe password of your ${brandName} account (${options.email}) was just changed.\nIf this was not you, reset your password at once and contact support.`,
    html: layout(
      brandName,
      `<p style="margin:0 0 16px">The password of your ${escape(brandName)} account (${escape(options.email)}) was just changed.</p><p style="margin:0">If this was not you, reset your password at once and contact support.</p>`,
    ),
  };
}

/** To the old address after an e-mail change (ASVS 5 V6.3.7): what changed, and a way back. */
export function emailChangedMail(options: {
  brandName: string;
  oldEmail: string;
  newEmail: string;
  undoUrl: string;
  /** How long the undo link works, in milliseconds. */
  validForMs: number;
}) {
  const days = options.validForMs / 86_400_000;
  const { brandName, oldEmail, newEmail, undoUrl } = options;
  return {
    subject: `The e-mail address of your ${brandName} account was changed`,
    text: [
      'Hello,',
      '',
      `The e-mail address of your ${brandName} account was just changed from ${oldEmail} to ${newEmail}.`,
      'If this was you, there is nothing to do.',
      '',
      'If it was not you, open this link: it puts back this address, signs out every other session',
      'and sends you a link to choose a new password.',
      '',
      undoUrl,
      '',
      `The link works once and expires in ${days} days.`,
    ].join('\n'),
    html: layout(
      brandName,
      `<p style="margin:0 0 16px">The e-mail address of your ${escape(brandName)} account was just changed from <strong>${escape(oldEmail)}</strong> to <strong>${escape(newEmail)}</strong>. If this was you, there is nothing to do.</p>
<p style="margin:0 0 16px">If it was not you, this link puts back this address, signs out every other session and sends you a link to choose a new password.</p>
<p style="margin:0 0 24px"><a href="${escape(undoUrl)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 16px;border-radius:8px">Undo the change</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4b5563">The link works once and expires in ${days} days.</p>
<p style="margin:0;font-size:12px;color:#6b7280;word-break:break-all">${escape(undoUrl)}</p>`,
    ),
  };
}

/** The licence e-mail a purchase sends: the key and the link that activates it. */
export function licenseMail(options: {
  brandName: string;
  productName: string;
  licenseKey: string;
  activationUrl: string;
  upgrade: boolean;
  /** Digital goods that come with the licence (the bundle's ebook): signed-in download links. */
  downloads?: { label: string; url: string }[];
}) {
  const { brandName, productName, licenseKey, activationUrl, upgrade } = options;
  const downloads = options.downloads ?? [];
  const goodsLead =
    'Your purchase includes files to download. Once the licence is on your account, sign in and download them here (they are also on your licence page):';
  const lead = upgrade
    ? `Thank you for upgrading to ${productName}. Your new licence replaces the one you upgraded.`
    : `Thank you for buying ${productName}.`;
  return {
    subject: `Your ${brandName} licence for ${productName}`,
    text: [
      'Hello,',
      '',
      lead,
      '',
      `Your licence key: ${licenseKey}`,
      '',
      'Open this link to activate it (sign in or create your account there):',
      '',
      activationUrl,
      '',
      ...(downloads.length > 0
        ? [goodsLead, '', ...downloads.map((file) => `${file.label}: ${file.url}`), '']
        : []),
      'Keep this message: the key is the proof of your purchase.',
    ].join('\n'),
    html: layout(
      brandName,
      `<p style="margin:0 0 16px">${escape(lead)}</p>
<p style="margin:0 0 16px">Your licence key: <code style="font-size:15px;font-weight:600">${escape(licenseKey)}</code></p>
<p style="margin:0 0 24px"><a href="${escape(activationUrl)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 16px;border-radius:8px">Activate your licence</a></p>
${
  downloads.length > 0
    ? `<p style="margin:0 0 8px">${escape(goodsLead)}</p><ul style="margin:0 0 16px;padding-left:20px">${downloads
        .map((file) => `<li><a href="${escape(file.url)}">${escape(file.label)}</a></li>`)
        .join('')}</ul>`
    : ''
}<p style="margin:0 0 16px;font-size:14px;color:#4b5563">Keep this message: the key is the proof of your purchase.</p>
<p style="margin:0;font-size:12px;color:#6b7280;word-break:break-all">${escape(activationUrl)}</p>`,
    ),
  };
}

/** What every message of a test-mode store starts its subject with (decision 040). */
export const TEST_MODE_SUBJECT_PREFIX = '[Test mode]';
export const TEST_MODE_MAIL_LINE =
  'TEST MODE: this store takes test payments only (test cards, no money). Nothing in this message was paid for, and a licence key in it is a test licence that a live store does not accept.';

/**
 * A message as a test-mode store sends it: the subject says so first, and the body opens with
 * a plain line saying what it means.
 */
export function markTestMode<M extends { subject: string; text: string; html: string }>(
  message: M,
): M {
  if (message.subject.startsWith(TEST_MODE_SUBJECT_PREFIX)) return message;
  const banner = `<p role="note" style="margin:0;padding:12px 16px;background:#fef3c7;color:#78350f;font-weight:600;font-family:Inter,system-ui,sans-serif;text-align:center">${escape(TEST_MODE_MAIL_LINE)}</p>`;
  const html = /<body[^>]*>/i.test(message.html)
    ? message.html.replace(/<body[^>]*>/i, (tag) => `${tag}${banner}`)
    : `${banner}${message.html}`;
  return {
    ...message,
    subject: `${TEST_MODE_SUBJECT_PREFIX} ${message.subject}`,
    text: `${TEST_MODE_MAIL_LINE}\n\n${message.text}`,
    html,
  };
}

const button = (url: string, label: string) =>
  `<p style="margin:0 0 24px"><a href="${escape(url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 16px;border-radius:8px">${escape(label)}</a></p>`;

/** A refund has taken effect: what was refunded, and that its licence no longer gives access. */
export function refundMail(options: {
  brandName: string;
  productName: string;
  licenseKey: string | null;
  amount: string;
  licenseUrl: string;
}) {
  const { brandName, productName, licenseKey, amount, licenseUrl } = options;
  const lead = `Your purchase of ${productName} has been refunded: ${amount} is on its way back to you the way you paid.`;
  const access = licenseKey
    ? `Its licence (${licenseKey}) no longer gives access to the components, templates or files it included.`
    : 'Its licence no longer gives access to the components, templates or files it included.';
  return {
    subject: `Your ${brandName} purchase of ${productName} was refunded`,
    text: [
      'Hello,',
      '',
      lead,
      access,
      '',
      'Your licences, as they are now:',
      licenseUrl,
      '',
      'If you did not ask for this refund, reply to this message.',
    ].join('\n'),
    html: layout(
      brandName,
      `<p style="margin:0 0 16px">${escape(lead)}</p>
<p style="margin:0 0 24px">${escape(access)}</p>
${button(licenseUrl, 'See your licences')}
<p style="margin:0;font-size:14px;color:#4b5563">If you did not ask for this refund, reply to this message.</p>`,
    ),
  };
}

/** A team licence set up: the team made, and where its owner invites the others. */
export function teamReadyMail(options: {
  brandName: string;
  teamName: string;
  productName: string;
  teamUrl: string;
  seats: number;
}) {
  const { brandName, teamName, productName, teamUrl, seats } = options;
  const lead = `Your team ${teamName} is set up with ${productName}, and you are its owner.`;
  const next = `Invite the others from the team page with its invite link: the team has ${seats} seats, and yours is one of them.`;
  return {
    subject: `Your ${brandName} team ${teamName} is ready`,
    text: ['Hello,', '', lead, next, '', teamUrl].join('\n'),
    html: layout(
      brandName,
      `<p style="margin:0 0 16px">${escape(lead)}</p>
<p style="margin:0 0 24px">${escape(next)}</p>
${button(teamUrl, 'Go to your team')}
<p style="margin:0;font-size:12px;color:#6b7280;word-break:break-all">${escape(teamUrl)}</p>`,
    ),
  };
}
