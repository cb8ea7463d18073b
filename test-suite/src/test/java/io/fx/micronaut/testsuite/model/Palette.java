package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;
import java.util.Map;

/** A model with JSON fields of declared element types, for the element-type checks (issue 14 item 9). */
@FxModel
public class Palette extends BaseModel {

    /** A closed set of shades. */
    public enum Shade { LIGHT, DARK }

    @Fx("json_array")
    private List<String> names;
    @Fx("json_array")
    private List<Long> counts;
    @Fx("json_array")
    private List<Integer> small;
    @Fx("json_array")
    private List<Double> weights;
    @Fx("json_array")
    private List<Boolean> flags;
    @Fx("json_array")
    private List<Shade> shades;
    @Fx("json_array")
    private List<Map<String, Object>> swatches;
    @Fx("json_object")
    private Map<String, Object> extra;
    @Fx("json_object")
    private Map<String, Long> scores;

    public List<String> getNames() { return names; }
    public void setNames(List<String> names) { this.names = names; }
    public List<Long> getCounts() { return counts; }
    public void setCounts(List<Long> counts) { this.counts = counts; }
    public List<Integer> getSmall() { return small; }
    public void setSmall(List<Integer> small) { this.small = small; }
    public List<Double> getWeights() { return weights; }
    public void setWeights(List<Double> weights) { this.weights = weights; }
    public List<Boolean> getFlags() { return flags; }
    public void setFlags(List<Boolean> flags) { this.flags = flags; }
    public List<Shade> getShades() { return shades; }
    public void setShades(List<Shade> shades) { this.shades = shades; }
    public List<Map<String, Object>> getSwatches() { return swatches; }
    public void setSwatches(List<Map<String, Object>> swatches) { this.swatches = swatches; }
    public Map<String, Object> getExtra() { return extra; }
    public void setExtra(Map<String, Object> extra) { this.extra = extra; }
    public Map<String, Long> getScores() { return scores; }
    public void setScores(Map<String, Long> scores) { this.scores = scores; }
}
