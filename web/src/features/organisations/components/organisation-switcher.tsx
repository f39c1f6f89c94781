import { Select } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { switchOrganisationPath } from '@/config/paths';
import type { Organisation } from '../api/get-organisations';

/** Switching keeps the current path under the new organisation and replaces the history entry (spec §2.3). */
export function OrganisationSwitcher({
  organisations,
  currentUuid,
}: {
  organisations: Organisation[];
  currentUuid: string | undefined;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Select
      className="gains-org-switcher"
      aria-label="Organisation"
      data-testid="organisation-switcher"
      value={currentUuid}
      placeholder="Select organisation"
      showSearch
      optionFilterProp="label"
      popupMatchSelectWidth={false}
      options={organisations.map((o) => ({ value: o.uuid, label: `${o.code} – ${o.name}` }))}
      onChange={(uuid: string) => {
        if (uuid !== currentUuid) navigate(switchOrganisationPath(location.pathname, uuid), { replace: true });
      }}
    />
  );
}
