import { NavLink } from 'react-router-dom';
import { NAV_ITEMS } from './nav-items';

/** The five main links; the current page's link is highlighted and marked aria-current="page". */
export function NavLinkList({ orientation, onNavigate }: { orientation: 'horizontal' | 'vertical'; onNavigate?: () => void }) {
  const horizontal = orientation === 'horizontal';
  return (
    <ul className={horizontal ? 'flex items-center gap-1' : 'menu w-full gap-1 p-0 text-base'}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === '/'}
            onClick={onNavigate}
            className={({ isActive }) =>
              horizontal
                ? `rounded-field px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${isActive ? 'bg-primary/10 text-primary' : 'text-base-content/80 hover:bg-base-200 hover:text-base-content'}`
                : isActive
                  ? 'bg-primary/10 font-semibold text-primary'
                  : ''
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
