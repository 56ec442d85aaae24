export type FaqItem = { question: string; answer: string };

/** The 13 landing-page questions. Answers are marketing copy. */
export const faqItems: FaqItem[] = [
  {
    question: "What is a link in bio?",
    answer:
      "Most social platforms let you put only one link in your profile. A link in bio is a simple page behind that one link that holds everything else: your website, videos, shop, music, socials and more.",
  },
  {
    question: "Why do I need a link-in-bio tool?",
    answer:
      "It saves you from swapping the link in your bio every time you post something new. Your audience always lands on one up-to-date page and can pick what interests them.",
  },
  {
    question: "Is Linkbio free?",
    answer:
      "Yes. The free plan includes unlimited links, basic analytics, your own username and a set of themes. Paid plans start at $6 a month and add advanced analytics, more design options and extra features.",
  },
  {
    question: "How do I create my Linkbio?",
    answer:
      "Claim your name, sign up, pick a template and add your links. A guided setup walks you through each step, and most people are live in a few minutes.",
  },
  {
    question: "Can I customize how my page looks?",
    answer:
      "Completely. Choose wallpapers, gradients and patterns, button shapes and styles, fonts, colors and animations, and watch the live preview update as you design.",
  },
  {
    question: "How do I share my Linkbio?",
    answer:
      "Paste your Linkbio address into your Instagram, TikTok, YouTube or any other bio, add it to your email signature, or download your QR code and print it on flyers, packaging and business cards.",
  },
  {
    question: "Can I see how my page performs?",
    answer:
      "Yes. Insights show views, clicks, click rate, your top links, the devices people use and where your visitors come from, over the last 7, 30 or 90 days.",
  },
  {
    question: "Can I use my own domain?",
    answer: "Yes. Higher plans let you connect a custom domain so your Linkbio lives at an address that matches your brand.",
  },
  {
    question: "Can I sell products and collect payments?",
    answer:
      "Yes. Add products, digital downloads and bookings to your page and collect payments from your audience without sending them anywhere else.",
  },
  {
    question: "Can I collect email subscribers?",
    answer:
      "Yes. Add a sign-up form to your Linkbio to grow an email list you own, so you can reach your fans directly whenever you have news.",
  },
  {
    question: "Can I embed videos, music and posts?",
    answer: "Yes. Embed videos, songs, podcasts and social posts so visitors can watch and listen right on your page.",
  },
  {
    question: "Can I have more than one Linkbio?",
    answer:
      "Yes. One account can hold several profiles, for example one for you and one for your business, and you can switch between them in a click.",
  },
  {
    question: "How do I get help if I get stuck?",
    answer: "Our Help Center covers the most common questions, and our support team is available 24/7 to help you with anything else.",
  },
];
