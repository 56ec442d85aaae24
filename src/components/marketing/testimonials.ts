export interface TestimonialQuote {
  quote: string;
  name: string;
  role: string;
  initials: string;
}

export const testimonials: TestimonialQuote[] = [
  {
    quote:
      "Linkbio keeps everything I do in one place. My followers find my shop, my podcast and my newsletter from one link — and the QR code on my market stall doubled my email sign-ups.",
    name: "Priya Raman",
    role: "Ceramic artist & shop owner",
    initials: "PR",
  },
  {
    quote:
      "I change my page before every release: new single on top, tour dates below. The click numbers tell me which platform my listeners actually use.",
    name: "Jonas Keller",
    role: "Musician",
    initials: "JK",
  },
  {
    quote:
      "Our café's menu, bookings and delivery apps sit behind one link on every table. Setting it up took a lunch break, and the design matches our brand.",
    name: "Amara Okafor",
    role: "Café owner",
    initials: "AO",
  },
];
