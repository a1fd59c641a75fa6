// The public landing page (spec 01 §2 "Landing page").
import { useCallback, type ComponentType } from 'react';
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
  DOCS_URL,
  HERO_STATS,
  PLANS,
  PRODUCTS,
  QUOTES,
  SECTION_LINKS,
  type CapabilityIcon,
} from './content.js';
import styles from './LandingPage.module.css';

const CAPABILITY_ICONS: Record<CapabilityIcon, ComponentType<{ size?: number }>> = {
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
              Build, test and deploy AI agents, flows and interactive pages that qualify leads, research prospects and follow up, with your
              data, your models and your rules.
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

        <section className={styles.section} aria-labelledby="products-title">
          <div className={styles.container}>
            <div className={styles.sectionHead}>
              <p className={styles.eyebrow}>Products</p>
              <h2 id="products-title">Two products, one studio</h2>
              <p>Engage every visitor with an assistant, and automate the work behind the pipeline.</p>
            </div>
            <div className={styles.products}>
              {PRODUCTS.map((p) => (
                <article key={p.id} className={`${styles.product} ${styles[`product_${p.id}`]}`} aria-labelledby={`product-${p.id}`}>
                  <p className={styles.productKind}>{p.kind}</p>
                  <h3 id={`product-${p.id}`}>{p.name}</h3>
                  <p className={styles.productSummary}>{p.summary}</p>
                  <ul className={styles.checks}>
                    {p.points.map((point) => (
                      <li key={point}>
                        <CheckIcon size={16} /> {point}
                      </li>
                    ))}
                  </ul>
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
          </div>
        </section>

        <section id="features" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="features-title" tabIndex={-1}>
          <div className={styles.container}>
            <div className={styles.sectionHead}>
              <p className={styles.eyebrow}>Features</p>
              <h2 id="features-title">Platform capabilities</h2>
              <p>Everything a team needs to take an agent from an idea to production.</p>
            </div>
            <ul className={styles.capabilities}>
              {CAPABILITIES.map((c) => {
                const Icon = CAPABILITY_ICONS[c.icon];
                return (
                  <li key={c.title} className={styles.capability}>
                    <span className={styles.capabilityIcon}>
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
          </div>
        </section>

        <section className={styles.section} aria-labelledby="quick-actions-title">
          <div className={styles.container}>
            <div className={styles.sectionHead}>
              <p className={styles.eyebrow}>Get going</p>
              <h2 id="quick-actions-title">Quick Actions</h2>
            </div>
            <div className={styles.quickActions}>
              <Link to="/login" className={styles.quickAction}>
                <span className={styles.quickIcon}>
                  <RocketIcon size={24} />
                </span>
                <span className={styles.quickText}>
                  <strong>Deploy Page Agent</strong>
                  <span>Sign in and publish an interactive assistant page.</span>
                </span>
                <ArrowRightIcon size={18} />
              </Link>
              <a href={DOCS_URL} className={styles.quickAction}>
                <span className={styles.quickIcon}>
                  <BookIcon size={24} />
                </span>
                <span className={styles.quickText}>
                  <strong>View Documentation</strong>
                  <span>The API reference for agents, flows, missions and pages.</span>
                </span>
                <ArrowRightIcon size={18} />
              </a>
            </div>
          </div>
        </section>

        <section id="pricing" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="pricing-title" tabIndex={-1}>
          <div className={styles.container}>
            <div className={styles.sectionHead}>
              <p className={styles.eyebrow}>Pricing</p>
              <h2 id="pricing-title">Plans that grow with your teams</h2>
              <p>Every plan is quoted for your seats and usage. Tell us what you need and we will put a proposal together.</p>
            </div>
            <ul className={styles.plans}>
              {PLANS.map((plan) => (
                <li key={plan.name} className={`${styles.plan} ${'highlighted' in plan && plan.highlighted ? styles.planHighlighted : ''}`}>
                  <h3>{plan.name}</h3>
                  <p className={styles.planAudience}>{plan.audience}</p>
                  <ul className={styles.checks}>
                    {plan.includes.map((item) => (
                      <li key={item}>
                        <CheckIcon size={16} /> {item}
                      </li>
                    ))}
                  </ul>
                  <a href="#contact" className={`${styles.btn} ${'highlighted' in plan && plan.highlighted ? styles.btnPrimary : styles.btnSecondary}`}>
                    Contact sales
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="resources" className={styles.section} aria-labelledby="resources-title" tabIndex={-1}>
          <div className={styles.container}>
            <div className={styles.sectionHead}>
              <p className={styles.eyebrow}>Resources</p>
              <h2 id="resources-title">Learn and build</h2>
            </div>
            <ul className={styles.resources}>
              <li>
                <a href={DOCS_URL} className={styles.resource}>
                  <BookIcon size={22} />
                  <strong>API documentation</strong>
                  <span>Every endpoint with its request and response schema.</span>
                </a>
              </li>
              <li>
                <Link to="/ai-university" className={styles.resource}>
                  <TrendIcon size={22} />
                  <strong>AI University</strong>
                  <span>Guides to building agents, flows, missions and pages in the studio.</span>
                </Link>
              </li>
              <li>
                <Link to="/login" className={styles.resource}>
                  <RocketIcon size={22} />
                  <strong>Open the studio</strong>
                  <span>Sign in with your work account to start building.</span>
                </Link>
              </li>
            </ul>
          </div>
        </section>

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
            <div>
              <h2>Product</h2>
              <ul>
                <li>
                  <a href="#features">Features</a>
                </li>
                <li>
                  <a href="#pricing">Pricing</a>
                </li>
              </ul>
            </div>
            <div>
              <h2>Resources</h2>
              <ul>
                <li>
                  <a href={DOCS_URL}>Documentation</a>
                </li>
                <li>
                  <Link to="/login">Login</Link>
                </li>
              </ul>
            </div>
            <div>
              <h2>Company</h2>
              <ul>
                <li>
                  <a href="#contact">Contact</a>
                </li>
              </ul>
            </div>
          </nav>
        </div>
        <div className={`${styles.container} ${styles.copyright}`}>© {year} Accent. All rights reserved.</div>
      </footer>
    </div>
  );
}
