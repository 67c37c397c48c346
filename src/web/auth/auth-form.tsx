import { Button } from "@web/components/ui/button";
import { Form } from "@web/components/ui/form";
import { Spinner } from "@web/components/ui/spinner";
import type { FormEventHandler, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

/**
 * The frame both /auth forms share: the react-hook-form context, a form without the browser's own
 * validation (the contract's messages show under each field), the fields, and one full-width submit
 * button that shows a spinner and its pending label while the request runs.
 */
export function AuthForm<TValues extends FieldValues, TContext, TTransformed extends FieldValues>({
  form,
  onSubmit,
  submitLabel,
  pendingLabel,
  isPending = false,
  children,
}: {
  form: UseFormReturn<TValues, TContext, TTransformed>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** Shown beside a spinner while `isPending`. */
  pendingLabel?: string;
  isPending?: boolean;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {children}
        <Button type="submit" className="mt-2 w-full" disabled={isPending}>
          {isPending ? (
            <>
              <Spinner />
              {pendingLabel}
            </>
          ) : (
            submitLabel
          )}
        </Button>
      </form>
    </Form>
  );
}
