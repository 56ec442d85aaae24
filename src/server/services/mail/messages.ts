import { appLink, PRODUCT_NAME, renderMessage, type RenderedMessage } from "./layout";

export function passwordResetMessage(token: string): RenderedMessage {
  return renderMessage({
    subject: `Reset your ${PRODUCT_NAME} password`,
    paragraphs: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. If it was you, choose a new password with the link below.`,
      "If it was not you, ignore this message: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url: appLink("/reset-password", { token }) },
    footnotes: ["The link works once and expires in 60 minutes."],
  });
}

export function verifyEmailMessage(token: string): RenderedMessage {
  return renderMessage({
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    paragraphs: [`Welcome to ${PRODUCT_NAME}! Confirm that this address is yours, so we can reach you about your account.`],
    action: { label: "Confirm my email address", url: appLink("/verify-email", { token }) },
    footnotes: ["The link works once and expires in 7 days. You can open it in any browser."],
  });
}

export function changeEmailMessage(token: string, newEmail: string): RenderedMessage {
  return renderMessage({
    subject: `Confirm your new email address for ${PRODUCT_NAME}`,
    paragraphs: [`You asked to use ${newEmail} for your ${PRODUCT_NAME} account. Your address changes when you open the link below.`],
    action: { label: "Use this address", url: appLink("/verify-email", { token }) },
    footnotes: ["The link works once and expires in 24 hours. If you did not ask for this, ignore this message."],
  });
}

export function emailChangedNotice(newEmail: string, revertToken: string): RenderedMessage {
  return renderMessage({
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    paragraphs: [
      `The email address of your ${PRODUCT_NAME} account was changed to ${newEmail}. Messages about your account now go there.`,
      "If you did not make this change, undo it with the link below: the account comes back to this address, every device is signed out, what was added since goes, and you choose a new password.",
    ],
    action: { label: "Undo this change", url: appLink("/revert-email", { token: revertToken }) },
    footnotes: ["The link works once and expires in 7 days."],
  });
}

export function accountDeletedNotice(): RenderedMessage {
  return renderMessage({
    subject: `Your ${PRODUCT_NAME} account was deleted`,
    paragraphs: [
      `Your ${PRODUCT_NAME} account, its pages, links and analytics were deleted just now.`,
      "If you did not do this, someone had access to your account: check the security of this mailbox and of your other accounts.",
    ],
  });
}

/** Double opt-in: the one message a sign-up sends (docs/product/audience.md#double-opt-in). */
export function subscriptionConfirmMessage(name: string, pageUrl: string, confirmUrl: string, unsubscribeUrl: string): RenderedMessage {
  return renderMessage({
    subject: `Confirm your subscription to ${name}`,
    paragraphs: [
      `Someone, hopefully you, signed this address up for emails from ${name} on ${pageUrl}.`,
      "Confirm with the link below to be added. If it was not you, ignore this message: you will not be added and hear nothing more.",
    ],
    action: { label: "Confirm subscription", url: confirmUrl },
    footnotes: ["The link expires in 7 days."],
    unsubscribeUrl,
  });
}
