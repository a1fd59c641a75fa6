// The public landing page (spec 01 §2 "Landing page").
import { useCallback, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRightIcon,
  BookIcon,
  ChartIcon,
  CheckIcon,
  ClockIcon,
  DragIcon,
  GlobeIcon,
  LockIcon,
  MailIcon,
  PlugIcon,
  RocketIcon,
  TrendIcon,
} from '../app/icons.js';
import { Logo } from '../layout/Logo.js';
import {
  CAPABILITIES,
  CONTACT_EMAIL,
  FOOTER_GROUPS,
  HERO_STATS,
  PLANS,
  PRODUCTS,
  QUICK_ACTIONS,
  QUOTES,
  RESOURCES,
  SECTION_LINKS,
  type CapabilityIcon,
  type SiteLink,
} from './content.js';
import lists from '../layout/Lists.module.css';
import tiles from '../layout/Tiles.module.css';
import styles from './LandingPage.module.css';

const ICONS: Record<CapabilityIcon | 'book', ComponentType<{ size?: number }>> = {
  book: BookIcon,
  drag: DragIcon,
  plug: PlugIcon,
  rocket: RocketIcon,
  lock: LockIcon,
  chart: ChartIcon,
  globe: GlobeIcon,
  trend: TrendIcon,
  clock: ClockIcon,
};

/** Scrolls to a section and moves focus to it, so keyboard and screen reader users land there too. */
function useScrollToSection() {
  return useCallback((id: string) => {
    const el = document.getElementById(id);
    if (!el) return;
    el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    el.focus({ preventScroll: true });
    if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, '', `#${id}`);
  }, []);
}

/** A list of what is included, each with a check mark. */
function Checks({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.checks}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon size={16} /> {item}
        </li>
      ))}
    </ul>
  );
}

/** A route of the app through the router, anything else as a plain link. */
function PageLink({ link, className, children }: { link: SiteLink; className?: string; children: ReactNode }) {
  return 'to' in link ? (
    <Link to={link.to} className={className}>
      {children}
    </Link>
  ) : (
    <a href={link.href} className={className}>
      {children}
    </a>
  );
}

type SectionProps = {
  /** the heading's id; also the section's own id (an anchor target) when `anchor` is set */
  id: string;
  anchor?: boolean;
  alt?: boolean;
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
};

/** One section of the page: its centred head (eyebrow, title, lead) above its content. */
function Section({ id, anchor, alt, eyebrow, title, lead, children }: SectionProps) {
  return (
    <section
      id={anchor ? id : undefined}
      className={alt ? `${styles.section} ${styles.sectionAlt}` : styles.section}
      aria-labelledby={`${id}-title`}
      tabIndex={anchor ? -1 : undefined}
    >
      <div className={styles.container}>
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h2 id={`${id}-title`}>{title}</h2>
          {lead && <p>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export default function LandingPage() {
  const scrollTo = useScrollToSection();
  const year = new Date().getFullYear();

  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main-content">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={`${styles.container} ${styles.headerInner}`}>
          <Link to="/landing" className={styles.brand}>
            <Logo />
          </Link>
          <nav aria-label="Page sections" className={styles.sectionNav}>
            <ul>
              {SECTION_LINKS.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <Link to="/login" className={`${styles.btn} ${styles.btnPrimary}`}>
            Login
          </Link>
        </div>
      </header>

      <main id="main-content" tabIndex={-1}>
        <section className={styles.hero} aria-labelledby="hero-title">
          <div className={styles.container}>
            <p className={styles.eyebrow}>Enterprise AI studio for sales and marketing</p>
            <h1 id="hero-title" className={styles.heroTitle}>
              Welcome to Accent
              <span className={styles.heroTitleAccent}> AI agents that work your pipeline</span>
            </h1>
            <p className={styles.heroLead}>
              Build, test and deploy AI agents, flows and interactive pages that qualify leads, research prospects and follow up, with your data, your
              models and your rules.
            </p>
            <div className={styles.heroActions}>
              <Link to="/login" className={`${styles.btn} ${styles.btnPrimary} ${styles.btnLg}`}>
                Get started <ArrowRightIcon size={18} />
              </Link>
              <button type="button" className={`${styles.btn} ${styles.btnSecondary} ${styles.btnLg}`} onClick={() => scrollTo('features')}>
                Explore the platform
              </button>
            </div>

            <ul className={styles.stats} aria-label="Results our customers see">
              {HERO_STATS.map((s) => (
                <li key={s.label} className={styles.statCard}>
                  <span className={styles.statValue}>{s.value}</span>
                  <span className={styles.statLabel}>{s.label}</span>
                  <span className={styles.statDetail}>{s.detail}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className={styles.quotesSection} aria-labelledby="quotes-title">
          <div className={styles.container}>
            <h2 id="quotes-title" className={styles.srOnly}>
              What customers say
            </h2>
            <ul className={styles.quotes}>
              {QUOTES.map((q) => (
                <li key={q.who}>
                  <figure className={styles.quote}>
                    <blockquote>
                      <p>“{q.text}”</p>
                    </blockquote>
                    <figcaption>
                      <strong>{q.who}</strong>
                      <span>{q.org}</span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <Section
          id="products"
          eyebrow="Products"
          title="Two products, one studio"
          lead="Engage every visitor with an assistant, and automate the work behind the pipeline."
        >
          <div className={styles.products}>
            {PRODUCTS.map((p) => (
              <article key={p.id} className={`${styles.product} ${styles[`product_${p.id}`]}`} aria-labelledby={`product-${p.id}`}>
                <p className={styles.productKind}>{p.kind}</p>
                <h3 id={`product-${p.id}`}>{p.name}</h3>
                <p className={styles.productSummary}>{p.summary}</p>
                <Checks items={p.points} />
                <dl className={styles.metrics}>
                  {p.metrics.map((m) => (
                    <div key={m.label}>
                      <dt>{m.label}</dt>
                      <dd>{m.value}</dd>
                    </div>
                  ))}
                </dl>
                <button
                  type="button"
                  className={`${styles.btn} ${styles.btnSecondary}`}
                  onClick={() => scrollTo('features')}
                  aria-label={`Learn More about ${p.name}`}
                >
                  Learn More <ArrowRightIcon size={16} />
                </button>
              </article>
            ))}
          </div>
        </Section>

        <Section
          id="features"
          anchor
          alt
          eyebrow="Features"
          title="Platform capabilities"
          lead="Everything a team needs to take an agent from an idea to production."
        >
          <ul className={styles.capabilities}>
            {CAPABILITIES.map((c) => {
              const Icon = ICONS[c.icon];
              return (
                <li key={c.title} className={styles.capability}>
                  <span className={tiles.icon}>
                    <Icon size={22} />
                  </span>
                  <h3>{c.title}</h3>
                  <p>{c.text}</p>
                  {c.figure && (
                    <p className={styles.capabilityFigure}>
                      <strong>{c.figure.value}</strong> {c.figure.label}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </Section>

        <Section id="quick-actions" eyebrow="Get going" title="Quick Actions">
          <div className={styles.quickActions}>
            {QUICK_ACTIONS.map((action) => {
              const Icon = ICONS[action.icon];
              return (
                <PageLink key={action.title} link={action.link} className={`${tiles.tile} ${tiles.link} ${tiles.feature}`}>
                  <span className={tiles.badge}>
                    <Icon size={24} />
                  </span>
                  <span className={tiles.featureText}>
                    <strong>{action.title}</strong>
                    <span>{action.text}</span>
                  </span>
                  <ArrowRightIcon size={18} className={tiles.arrow} />
                </PageLink>
              );
            })}
          </div>
        </Section>

        <Section
          id="pricing"
          anchor
          alt
          eyebrow="Pricing"
          title="Plans that grow with your teams"
          lead="Every plan is quoted for your seats and usage. Tell us what you need and we will put a proposal together."
        >
          <ul className={styles.plans}>
            {PLANS.map((plan) => (
              <li key={plan.name} className={`${styles.plan} ${'highlighted' in plan && plan.highlighted ? styles.planHighlighted : ''}`}>
                <h3>{plan.name}</h3>
                <p className={styles.planAudience}>{plan.audience}</p>
                <Checks items={plan.includes} />
                <a href="#contact" className={`${styles.btn} ${'highlighted' in plan && plan.highlighted ? styles.btnPrimary : styles.btnSecondary}`}>
                  Contact sales
                </a>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="resources" anchor eyebrow="Resources" title="Learn and build">
          <ul className={styles.resources}>
            {RESOURCES.map((resource) => {
              const Icon = ICONS[resource.icon];
              return (
                <li key={resource.title}>
                  <PageLink link={resource.link} className={styles.resource}>
                    <Icon size={22} />
                    <strong>{resource.title}</strong>
                    <span>{resource.text}</span>
                  </PageLink>
                </li>
              );
            })}
          </ul>
        </Section>

        <section id="contact" className={`${styles.section} ${styles.contact}`} aria-labelledby="contact-title" tabIndex={-1}>
          <div className={`${styles.container} ${styles.contactInner}`}>
            <div>
              <h2 id="contact-title">Contact us</h2>
              <p>Questions about plans, security reviews or a pilot for your team? Write to us and a specialist will get back to you.</p>
            </div>
            <a href={`mailto:${CONTACT_EMAIL}`} className={`${styles.btn} ${styles.btnInverse} ${styles.btnLg}`}>
              <MailIcon size={18} /> {CONTACT_EMAIL}
            </a>
          </div>
        </section>
      </main>

      <footer className={styles.footer}>
        <div className={`${styles.container} ${styles.footerInner}`}>
          <div className={styles.footerBrand}>
            <Logo />
            <p>The enterprise AI studio for sales and marketing teams.</p>
          </div>
          <nav aria-label="Footer" className={styles.footerNav}>
            {FOOTER_GROUPS.map((group) => (
              <div key={group.title}>
                <h2>{group.title}</h2>
                <ul className={lists.stack}>
                  {group.links.map((item) => (
                    <li key={item.label}>
                      <PageLink link={item.link}>{item.label}</PageLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className={`${styles.container} ${styles.copyright}`}>© {year} Accent. All rights reserved.</div>
      </footer>
    </div>
  );
}
