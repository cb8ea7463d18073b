package io.fx.micronaut.history.internal;

import io.fx.micronaut.config.TotalMode;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.history.History;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.RawJson;
import io.fx.micronaut.model.RecordRenderer;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.SortField;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * {@code GET}/{@code HEAD {prefix}/{collection}/{id}/history} of a versioned model: after the DB step has read the
 * parent record for the caller (a record the caller cannot read, or that does not exist, is the record's own 404),
 * that record's history rows, newest version first, as a list with {@code meta}. {@code page} and {@code limit}
 * (default 20, at most 200) page them; a value that is not a positive integer is 400 {@code INVALID_QUERY}. The
 * query is the parent's: a filter or sort naming a history column ({@code operation}, {@code record_id},
 * {@code version}) is 400 {@code INVALID_QUERY}, anything else is ignored, as on a read. {@code cursor} continues
 * after a page as on a list ({@code meta.next_cursor}; a tampered one is 400 {@code INVALID_CURSOR}). {@code diff} and
 * {@code snapshot} are answered as the JSON objects they hold, spliced in as stored ({@link RawJson}).
 */
@Singleton
@Requires(property = History.ENABLED, notEquals = "false")
final class HistorySubResource implements SubResource {

    private static final int DEFAULT_LIMIT = 20;
    private static final int MAX_LIMIT = 200;
    private static final Set<String> HISTORY_ONLY = Set.of(History.OPERATION, History.RECORD_ID, History.VERSION);
    private static final Pattern FIELD_SEPARATORS = Pattern.compile("[,:\\s]+");

    private final ModelRegistry registry;
    private final RecordRenderer renderer;
    private final Map<String, ModelDescriptor> historyModels = new ConcurrentHashMap<>();

    HistorySubResource(ModelRegistry registry, RecordRenderer renderer) {
        this.registry = registry;
        this.renderer = renderer;
    }

    @Override
    @NonNull
    public String name() {
        return History.PATH;
    }

    @Override
    @NonNull
    public Operation operation() {
        return History.READ_HISTORY;
    }

    /** A soft-deleted record keeps readable history, its delete entry included, for callers its scope admits. */
    @Override
    public boolean reachesSoftDeletedParent() {
        return true;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        return model.getVersioning().isPresent() && !model.isSynthetic();
    }

    @Override
    public Object load(@NonNull RequestContext context) {
        ModelDescriptor parent = context.getModel();
        ModelDescriptor history = historyModels.computeIfAbsent(parent.getName(), name ->
            History.historyModel(registry, parent).orElseThrow(() -> new IllegalStateException(
                "The history model of " + name + " is not registered")));
        Map<String, List<String>> parameters = context.getRequest().map(HttpRequest::getParameters)
            .map(p -> p.asMap()).orElse(Map.of());
        refuseHistoryColumns(parameters);
        int page = positive(parameters, "page", 1);
        int limit = Math.min(positive(parameters, "limit", DEFAULT_LIMIT), MAX_LIMIT);
        String cursor = cursor(parameters);
        String id = context.getStoredRecord().map(r -> String.valueOf(r.get("id"))).orElseThrow();
        ListQuery query = new ListQuery(
            List.of(new FilterClause(0, history.findField(History.RECORD_ID).orElseThrow(), FilterOperator.EQ, List.of(id))),
            List.of(new SortField(history.findField(History.VERSION).orElseThrow(), true)),
            List.of(), page, limit, false, TotalMode.EXACT, cursor);
        Page rows = context.getDataStore().list(context, history, query);
        List<Map<String, Object>> rendered = new ArrayList<>(rows.rows().size());
        for (Map<String, Object> row : rows.rows()) {
            Map<String, Object> out = new LinkedHashMap<>(renderer.render(history, row));
            raw(out, History.DIFF);
            raw(out, History.SNAPSHOT);
            rendered.add(out);
        }
        return rows.withRows(rendered);
    }

    /** The stored JSON text, answered as the object it is, without parsing it and writing it again. */
    private static void raw(Map<String, Object> row, String column) {
        if (row.get(column) instanceof String text && !text.isBlank()) {
            row.put(column, new RawJson(text));
        }
    }

    private static void refuseHistoryColumns(Map<String, List<String>> parameters) {
        parameters.forEach((name, values) -> {
            boolean filter = name.equals("filter") || name.startsWith("filter[");
            if (!filter && !name.equals("sort")) {
                return;
            }
            for (String value : values) {
                String[] tokens = FIELD_SEPARATORS.split(value.strip());
                // a filter clause names its field first (field:operator:value); a sort lists fields
                List<String> fields = filter ? List.of(tokens[0]) : List.of(tokens);
                for (String token : fields) {
                    String field = token.startsWith("-") ? token.substring(1) : token;
                    if (HISTORY_ONLY.contains(field)) {
                        throw ErrorCode.INVALID_QUERY.exception("A record's history is read newest first and cannot be "
                            + (filter ? "filtered" : "sorted") + " by '" + field + "'", Map.of("field", field), null);
                    }
                }
            }
        });
    }

    /** {@code cursor} continues after a page's last row ({@code meta.next_cursor}), as on a list. */
    private static String cursor(Map<String, List<String>> parameters) {
        List<String> values = parameters.get("cursor");
        if (values == null || values.isEmpty()) {
            return null;
        }
        String cursor = values.get(values.size() - 1).strip();
        if (cursor.isEmpty()) {
            throw ErrorCode.INVALID_CURSOR.exception("cursor must not be empty; omit it for the first page");
        }
        if (parameters.containsKey("page")) {
            throw ErrorCode.INVALID_QUERY.exception("page and cursor cannot be combined: page by number or by cursor");
        }
        return cursor;
    }

    private static int positive(Map<String, List<String>> parameters, String name, int fallback) {
        List<String> values = parameters.get(name);
        if (values == null || values.isEmpty()) {
            return fallback;
        }
        String value = values.get(values.size() - 1).strip();
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ErrorCode.INVALID_QUERY.exception("'" + name + "' must be a positive integer", Map.of("field", name), null);
    }
}
