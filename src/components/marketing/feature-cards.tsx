import { Icon, type IconName } from "./icon";

const cards: { icon: IconName; title: string; body: string; tone: string; iconTone: string }[] = [
  {
    icon: "link",
    title: "Share your content in limitless ways",
    body: "Embed videos, music, podcasts and posts right on your page, so visitors can watch and listen without ever leaving it.",
    tone: "bg-brand-50",
    iconTone: "bg-brand-600 text-white",
  },
  {
    icon: "bag",
    title: "Sell products and collect payments",
    body: "Turn followers into customers. Sell digital downloads, merch and bookings, and take payments straight from your Linkbio.",
    tone: "bg-lime/40",
    iconTone: "bg-forest text-lime",
  },
  {
    icon: "mail",
    title: "Grow and own your audience",
    body: "Collect email subscribers with a built-in sign-up form and keep in touch with your fans, whatever the algorithm does.",
    tone: "bg-rose-50",
    iconTone: "bg-rose-600 text-white",
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="bg-white py-20 lg:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-4xl font-bold tracking-tight text-balance text-gray-950 sm:text-5xl">
            More than a list of links
          </h2>
          <p className="mt-4 text-lg text-gray-600">
            Everything you need to share, sell and grow — on the free plan or with Pro and Premium plans when you&apos;re ready for custom
            domains and more.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {cards.map((card) => (
            <li key={card.title} className={`flex flex-col rounded-3xl p-7 ${card.tone}`}>
              <span className={`flex h-12 w-12 items-center justify-center rounded-2xl ${card.iconTone}`}>
                <Icon name={card.icon} className="h-6 w-6" />
              </span>
              <h3 className="mt-6 text-xl font-bold text-gray-950">{card.title}</h3>
              <p className="mt-3 leading-relaxed text-gray-700">{card.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
