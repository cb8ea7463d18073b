package io.fx.micronaut.security.rules;

import io.fx.micronaut.security.Policy;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationResult;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link Policy} on the DB step ({@link FxSecurity#enforce}): before the write for create (the
 * proposed body), update and delete (the stored record; 404 first when there is none), after the read
 * for read and list (denied list rows are dropped, {@code meta.total} stays the count before the policy).
 *
 * @since 0.4.0
 */
public final class Enforcement {

    private final Policy policy;

    Enforcement(Policy policy) {
        this.policy = policy;
    }

    /**
     * Registers the policy's two DB-step middleware.
     *
     * @param registry the registry
     * @param models   the models it covers; none for all
     * @return the registry
     */
    @NonNull
    public MiddlewareRegistry register(@NonNull MiddlewareRegistry registry, @NonNull String... models) {
        registry.use(Step.DB, this::beforeWrite, MiddlewareOptions.before().models(models)
            .operations(Operation.CREATE, Operation.UPDATE, Operation.DELETE).named("fx-security-enforce-write"));
        return registry.use(Step.DB, this::afterRead, MiddlewareOptions.after().models(models)
            .operations(Operation.READ, Operation.LIST).named("fx-security-enforce-read"));
    }

    private void beforeWrite(RequestContext context, Next next) {
        Map<String, Object> record;
        if (Operation.CREATE.equals(context.getOperation())) {
            record = context.payload().getBody() == null ? Map.of() : context.payload().getBody();
        } else {
            record = context.getStoredRecord().orElseThrow(
                () -> ErrorCode.NOT_FOUND.exception(context.getModel().getName() + " not found"));
        }
        if (!allows(context, record)) {
            throw ErrorCode.FORBIDDEN.exception("access denied by policy");
        }
        next.next();
    }

    private void afterRead(RequestContext context, Next next) {
        OperationResult result = context.payload().getResult().orElse(null);
        if (result instanceof OperationResult.PageResult listed) {
            Page page = listed.page();
            List<Map<String, Object>> kept = new ArrayList<>(page.rows().size());
            for (Map<String, Object> row : page.rows()) {
                if (allows(context, row)) {
                    kept.add(row);
                }
            }
            context.payload().setResult(OperationResult.page(page.withRows(kept)));
        } else if (result instanceof OperationResult.RecordResult one && !allows(context, one.record())) {
            throw ErrorCode.FORBIDDEN.exception("access denied by policy");
        } else if (context.findSubResource().isPresent()
            && context.getStoredRecord().filter(parent -> !allows(context, parent)).isPresent()) {
            // a sub-resource read (a record's history, which READ registrations cover) is judged by its parent
            throw ErrorCode.FORBIDDEN.exception("access denied by policy");
        }
        next.next();
    }

    private boolean allows(RequestContext context, Map<String, Object> record) {
        try {
            return policy.allows(context, record);
        } catch (FxException e) {
            throw e;
        } catch (Exception e) {
            throw SecurityErrorCodes.POLICY_ERROR.exception("policy failed", null, e);
        }
    }

}
