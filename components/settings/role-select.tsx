import { Select } from "@/components/ui/select";
import { ROLES } from "@/lib/permissions/rules";

export function RoleSelect({
  id,
  name = "role",
  defaultValue,
}: {
  id: string;
  name?: string;
  defaultValue?: string;
}) {
  return (
    <Select id={id} name={name} defaultValue={defaultValue ?? "reviewer"}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </Select>
  );
}
