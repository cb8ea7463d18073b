package io.fx.micronaut.action;

import io.fx.micronaut.action.ActionPaths;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.action.ActionRegistrar;
import io.fx.micronaut.action.ActionRegistry;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.OrderUtil;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the {@link Action} beans and the {@link ActionRegistrar} registrations once, checks every
 * path and freezes the list.
 */
@Internal
@Singleton
final class DefaultActionCatalog implements ActionCatalog {

    private final List<Action> actions;

    /**
     * @param beans      actions declared as beans
     * @param registrars programmatic registrars
     * @param registry   the models, whose routes actions must not collide with
     */
    public DefaultActionCatalog(List<Action> beans, List<ActionRegistrar> registrars, ModelRegistry registry) {
        List<Action> all = new ArrayList<>(beans);
        List<ActionRegistrar> ordered = new ArrayList<>(registrars);
        OrderUtil.sort(ordered);
        ActionRegistry collector = new ActionRegistry() {
            @Override
            @NonNull
            public ActionRegistry add(@NonNull Action action) {
                all.add(action);
                return this;
            }
        };
        ordered.forEach(r -> r.register(collector));
        Map<String, Action> byShape = new HashMap<>();
        for (Action action : all) {
            List<String> segments = ActionPaths.segments(action);
            ActionPaths.checkCollisions(action, segments, registry);
            Action previous = byShape.putIfAbsent(ActionPaths.shape(action, segments), action);
            if (previous != null) {
                throw new FxConfigurationException("Actions " + previous.describe() + " and " + action.describe()
                    + " match the same requests");
            }
        }
        this.actions = List.copyOf(all);
    }

    @Override
    @NonNull
    public List<Action> getActions() {
        return actions;
    }
}
