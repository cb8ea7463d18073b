package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** History test model: diff-only history through {@code @Fx} on the class, deleted by its chronicle's cascade. */
@FxModel
@Fx("versioned:diff_only")
public class ChronicleNote extends BaseModel {

    @Fx("required")
    private String text;
    @Fx("onDelete:cascade")
    private String chronicleId;

    public String getText() { return text; }
    public void setText(String text) { this.text = text; }
    public String getChronicleId() { return chronicleId; }
    public void setChronicleId(String chronicleId) { this.chronicleId = chronicleId; }
}
