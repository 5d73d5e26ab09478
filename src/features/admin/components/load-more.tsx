// The admin lists come a page at a time (decision 026): this loads the next one.
import { Button, Flex } from '@radix-ui/themes';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label: string;
}

export function LoadMore({ hasMore, loading, onLoad, label }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <Flex justify="center">
      <Button variant="soft" highContrast loading={loading} onClick={onLoad}>
        {label}
      </Button>
    </Flex>
  );
}
