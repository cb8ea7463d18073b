package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** A child of {@link Retainer} that a hard delete of its parent cascades to. */
@Introspected
public class RetainerNote extends BaseModel {

    private String text;
    @Fx("onDelete:cascade")
    private String retainerId;

    public String getText() { return text; }
    public void setText(String text) { this.text = text; }
    public String getRetainerId() { return retainerId; }
    public void setRetainerId(String retainerId) { this.retainerId = retainerId; }
}
