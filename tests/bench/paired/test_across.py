from __future__ import annotations

import math

import numpy as np
import pytest

from medhal.bench.paired.across import (
    ALL,
    RunRecord,
    average_configs,
    bias_correlations,
    deception_zone,
    independence_ratios,
    pearson_r,
    top_k_overlap,
)

# ------------------------------------------------------------------------------------------------ small inputs


@pytest.mark.parametrize("seed", range(10))
def test_pearson_matches_numpy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.random(15)
    y = 0.5 * x + rng.random(15)
    assert pearson_r(x, y) == pytest.approx(np.corrcoef(x, y)[0, 1])


def test_pearson_degenerate() -> None:
    assert math.isnan(pearson_r([1.0], [2.0]))
    assert math.isnan(pearson_r([1.0, 1.0, 1.0], [1.0, 2.0, 3.0]))
    with pytest.raises(ValueError):
        pearson_r([1.0, 2.0], [1.0])


def _run(model: str, dataset: str, config: str, flag: float, f1: float, bcr: float) -> RunRecord:
    return RunRecord(model, dataset, config, flag, f1, bcr)


SMALL = [
    _run("m1", "d1", "a", 0.9, 0.70, 0.05),
    _run("m1", "d1", "b", 0.7, 0.60, 0.15),  # m1/d1 mean: flag 0.8, f1 0.65, bcr 0.10 -> deception
    _run("m2", "d1", "a", 0.5, 0.62, 0.30),
    _run("m2", "d1", "b", 0.5, 0.58, 0.30),  # m2/d1 mean: f1 0.60, bcr 0.30 -> not (BCR >= 0.25)
    _run("m3", "d1", "a", 0.3, 0.40, 0.20),
    _run("m3", "d1", "b", 0.3, 0.40, 0.20),
    _run("m1", "d2", "a", 0.6, 0.61, 0.24),
    _run("m1", "d2", "b", 0.6, 0.59, 0.24),  # f1 0.60, bcr 0.24 -> deception (boundary F1 included)
    _run("m2", "d2", "a", 0.4, 0.50, 0.10),
    _run("m2", "d2", "b", 0.4, 0.50, 0.10),
]


def test_average_configs() -> None:
    entries = average_configs(SMALL)
    keys = [(e.model, e.dataset) for e in entries]
    assert keys == [("m1", "d1"), ("m2", "d1"), ("m3", "d1"), ("m1", "d2"), ("m2", "d2")]
    m1 = entries[0]
    assert m1.config == "mean"
    assert (m1.flag_rate, m1.f1, m1.bcr) == (pytest.approx(0.8), pytest.approx(0.65), pytest.approx(0.10))
    assert math.isnan(m1.sensitivity)


def test_deception_zone_and_top_k() -> None:
    zone = deception_zone(SMALL)
    assert [(e.model, e.dataset) for e in zone] == [("m1", "d1"), ("m1", "d2")]
    raw = deception_zone(SMALL, average=False)
    assert [(r.model, r.dataset, r.config) for r in raw] == [("m1", "d1", "a"), ("m1", "d1", "b"), ("m1", "d2", "a")]
    tops = top_k_overlap(SMALL, k=2)
    assert tops[0].dataset == "d1"
    assert tops[0].top_f1 == ("m1", "m2") and tops[0].top_bcr == ("m2", "m3")
    assert tops[0].overlap == ("m2",) and tops[0].n_overlap == 1
    assert tops[1].top_f1 == ("m1", "m2") and tops[1].overlap == ("m1", "m2")
    assert tops[1].to_dict()["n_overlap"] == 2


def test_bias_correlations_small() -> None:
    rows = bias_correlations(SMALL)
    assert [r.dataset for r in rows] == ["d1", "d2", ALL]
    entries = average_configs(SMALL)
    d1 = [e for e in entries if e.dataset == "d1"]
    assert rows[0].n == 3
    assert rows[0].flag_f1 == pytest.approx(np.corrcoef([e.flag_rate for e in d1], [e.f1 for e in d1])[0, 1])
    assert rows[0].f1_bcr == pytest.approx(np.corrcoef([e.f1 for e in d1], [e.bcr for e in d1])[0, 1])
    assert rows[2].n == 5
    assert rows[2].flag_bcr == pytest.approx(
        np.corrcoef([e.flag_rate for e in entries], [e.bcr for e in entries])[0, 1]
    )
    raw = bias_correlations(SMALL, average=False)
    assert raw[-1].n == 10
    with pytest.raises(ValueError, match="sensitivity"):
        independence_ratios(SMALL)


# --------------------------------------------------------------------------------------------- the seed's runs

# Seed 002 Tables 11-14 (F1, recall = sensitivity, specificity, Flag%) and Figure 6 (BCR %) for all 240 runs:
# dataset | model | config | F1 | sens | spec | flag % | BCR %
SEED_RUNS = """
MS-Test|Qwen 3-32B|cons-gre|0.564|0.521|0.647|44.1|25.5
MS-Test|Llama 3.1-70B|cons-gre|0.375|0.257|0.874|19.4|18.5
MS-Test|MedGemma 27B|cons-gre|0.300|0.190|0.920|13.7|14.3
MS-Test|UltraMed-70B|cons-gre|0.262|0.158|0.951|10.6|11.9
MS-Test|Llama 3.1-8B|cons-gre|0.539|0.506|0.593|45.9|22.5
MS-Test|MedGemma 4B|cons-gre|0.482|0.408|0.689|36.2|18.2
MS-Test|Gemma 3-27B|cons-gre|0.513|0.463|0.629|41.9|16.1
MS-Test|Qwen 3-4B|cons-gre|0.620|0.720|0.343|69.0|17.5
MS-Test|UltraMed-8B|cons-gre|0.368|0.270|0.783|24.5|16.1
MS-Test|Gemma 3-4B|cons-gre|0.675|0.913|0.136|88.9|10.1
MS-Test|MediPhi 4B|cons-gre|0.657|0.855|0.185|83.6|12.2
MS-Test|Phi-4-mini|cons-gre|0.604|0.698|0.336|68.2|17.5
MS-Test|Qwen 3-8B|cons-gre|0.238|0.151|0.871|14.1|7.3
MS-Test|Llama 3.2-3B|cons-gre|0.680|0.971|0.038|96.6|3.8
MS-Test|Mistral 7B|cons-gre|0.658|0.900|0.091|90.5|7.7
MEB-EN|UltraMed-70B|cons-gre|0.640|0.548|0.837|35.6|44.2
MEB-EN|Llama 3.1-70B|cons-gre|0.709|0.760|0.615|57.2|45.2
MEB-EN|MedGemma 27B|cons-gre|0.612|0.500|0.865|31.7|41.3
MEB-EN|Qwen 3-32B|cons-gre|0.721|0.846|0.500|67.3|41.3
MEB-EN|UltraMed-8B|cons-gre|0.567|0.534|0.654|44.0|30.1
MEB-EN|Qwen 3-4B|cons-gre|0.690|0.933|0.231|85.1|21.2
MEB-EN|Llama 3.1-8B|cons-gre|0.621|0.702|0.442|63.0|29.8
MEB-EN|MedGemma 4B|cons-gre|0.521|0.481|0.635|42.3|25.0
MEB-EN|Gemma 3-27B|cons-gre|0.669|0.904|0.202|85.1|17.3
MEB-EN|Phi-4-mini|cons-gre|0.657|0.885|0.192|84.6|14.4
MEB-EN|MediPhi 4B|cons-gre|0.671|0.942|0.135|90.4|11.5
MEB-EN|Qwen 3-8B|cons-gre|0.395|0.308|0.750|27.9|13.5
MEB-EN|Llama 3.2-3B|cons-gre|0.658|0.952|0.058|94.7|5.8
MEB-EN|Mistral 7B|cons-gre|0.648|0.913|0.096|90.9|8.7
MEB-EN|Gemma 3-4B|cons-gre|0.649|0.942|0.038|95.2|2.9
MEB-CN|Qwen 3-32B|cons-gre|0.474|0.370|0.810|28.0|27.0
MEB-CN|Qwen 3-4B|cons-gre|0.573|0.570|0.580|49.5|22.0
MEB-CN|Gemma 3-27B|cons-gre|0.623|0.710|0.430|64.0|22.0
MEB-CN|Llama 3.1-70B|cons-gre|0.222|0.130|0.960|8.5|12.0
MEB-CN|MedGemma 4B|cons-gre|0.371|0.280|0.770|25.5|13.0
MEB-CN|UltraMed-70B|cons-gre|0.112|0.060|0.990|3.5|5.0
MEB-CN|MedGemma 27B|cons-gre|0.188|0.110|0.940|8.5|7.0
MEB-CN|Llama 3.2-3B|cons-gre|0.456|0.398|0.649|37.4|20.0
MEB-CN|Gemma 3-4B|cons-gre|0.631|0.820|0.220|80.0|8.0
MEB-CN|Qwen 3-8B|cons-gre|0.110|0.060|0.970|4.5|4.0
MEB-CN|Llama 3.1-8B|cons-gre|0.246|0.160|0.860|15.0|8.0
MEB-CN|UltraMed-8B|cons-gre|0.236|0.153|0.860|14.6|10.2
MEB-CN|Mistral 7B|cons-gre|0.643|0.890|0.120|88.5|10.0
MEB-CN|MediPhi 4B|cons-gre|0.625|0.840|0.150|84.5|6.0
MEB-CN|Phi-4-mini|cons-gre|0.625|0.840|0.150|84.5|8.0
MRT-JA|Qwen 3-32B|cons-gre|0.516|0.389|0.781|32.9|27.9
MRT-JA|Qwen 3-4B|cons-gre|0.741|0.800|0.352|74.6|20.5
MRT-JA|Llama 3.1-70B|cons-gre|0.346|0.221|0.895|18.0|12.1
MRT-JA|MedGemma 27B|cons-gre|0.638|0.598|0.505|56.1|26.5
MRT-JA|Qwen 3-8B|cons-gre|0.572|0.489|0.600|45.8|21.1
MRT-JA|MedGemma 4B|cons-gre|0.711|0.763|0.305|73.9|17.9
MRT-JA|UltraMed-8B|cons-gre|0.441|0.326|0.724|30.8|14.2
MRT-JA|Phi-4-mini|cons-gre|0.734|0.841|0.190|83.0|16.9
MRT-JA|Gemma 3-27B|cons-gre|0.755|0.900|0.124|89.2|6.8
MRT-JA|UltraMed-70B|cons-gre|0.213|0.126|0.889|12.1|8.3
MRT-JA|Gemma 3-4B|cons-gre|0.753|0.900|0.114|89.5|7.4
MRT-JA|MediPhi 4B|cons-gre|0.749|0.889|0.124|88.5|6.8
MRT-JA|Llama 3.2-3B|cons-gre|0.768|0.962|0.029|96.6|2.7
MRT-JA|Llama 3.1-8B|cons-gre|0.708|0.789|0.200|79.3|12.6
MRT-JA|Mistral 7B|cons-gre|0.688|0.769|0.147|79.9|5.0
MS-Test|Llama 3.1-70B|cons-sam|0.462|0.347|0.829|26.3|23.4
MS-Test|UltraMed-70B|cons-sam|0.355|0.235|0.906|16.8|17.5
MS-Test|MedGemma 27B|cons-sam|0.345|0.225|0.913|15.9|16.8
MS-Test|Qwen 3-32B|cons-sam|0.543|0.498|0.633|43.6|26.9
MS-Test|Gemma 3-27B|cons-sam|0.518|0.463|0.647|41.0|16.8
MS-Test|Phi-4-mini|cons-sam|0.606|0.669|0.416|62.8|24.5
MS-Test|MedGemma 4B|cons-sam|0.476|0.405|0.678|36.5|21.0
MS-Test|Qwen 3-4B|cons-sam|0.616|0.711|0.350|68.2|18.2
MS-Test|Gemma 3-4B|cons-sam|0.676|0.923|0.122|90.1|8.4
MS-Test|MediPhi 4B|cons-sam|0.599|0.678|0.364|65.8|21.3
MS-Test|Llama 3.1-8B|cons-sam|0.446|0.377|0.657|36.1|20.3
MS-Test|UltraMed-8B|cons-sam|0.341|0.252|0.758|24.7|12.9
MS-Test|Qwen 3-8B|cons-sam|0.227|0.145|0.857|14.4|8.7
MS-Test|Llama 3.2-3B|cons-sam|0.656|0.891|0.105|89.3|8.0
MS-Test|Mistral 7B|cons-sam|0.654|0.891|0.094|89.8|8.0
MEB-EN|UltraMed-70B|cons-sam|0.680|0.654|0.731|46.2|47.1
MEB-EN|Qwen 3-32B|cons-sam|0.742|0.885|0.500|69.2|42.3
MEB-EN|Llama 3.1-70B|cons-sam|0.718|0.846|0.485|68.1|39.8
MEB-EN|MedGemma 27B|cons-sam|0.575|0.481|0.808|33.7|32.7
MEB-EN|Gemma 3-27B|cons-sam|0.683|0.923|0.221|85.1|19.2
MEB-EN|Phi-4-mini|cons-sam|0.674|0.885|0.260|81.2|21.2
MEB-EN|Llama 3.1-8B|cons-sam|0.594|0.625|0.515|55.6|30.1
MEB-EN|Qwen 3-4B|cons-sam|0.681|0.933|0.192|87.0|18.3
MEB-EN|UltraMed-8B|cons-sam|0.486|0.413|0.709|35.3|24.3
MEB-EN|MedGemma 4B|cons-sam|0.500|0.471|0.587|44.2|21.2
MEB-EN|Mistral 7B|cons-sam|0.673|0.971|0.087|94.2|8.7
MEB-EN|MediPhi 4B|cons-sam|0.618|0.779|0.260|76.0|17.3
MEB-EN|Gemma 3-4B|cons-sam|0.667|0.971|0.058|95.7|5.8
MEB-EN|Qwen 3-8B|cons-sam|0.380|0.298|0.731|28.4|13.5
MEB-EN|Llama 3.2-3B|cons-sam|0.641|0.875|0.144|86.5|12.5
MEB-CN|Qwen 3-32B|cons-sam|0.487|0.380|0.820|28.0|26.0
MEB-CN|Qwen 3-4B|cons-sam|0.584|0.590|0.570|51.0|23.0
MEB-CN|Llama 3.1-70B|cons-sam|0.434|0.330|0.810|26.0|19.0
MEB-CN|UltraMed-8B|cons-sam|0.351|0.235|0.896|17.0|17.0
MEB-CN|Gemma 3-27B|cons-sam|0.608|0.690|0.420|63.5|21.0
MEB-CN|Llama 3.1-8B|cons-sam|0.378|0.270|0.840|21.5|20.0
MEB-CN|UltraMed-70B|cons-sam|0.182|0.101|0.990|5.5|9.1
MEB-CN|MedGemma 27B|cons-sam|0.260|0.160|0.930|11.5|11.0
MEB-CN|Llama 3.2-3B|cons-sam|0.520|0.489|0.596|44.8|27.2
MEB-CN|Qwen 3-8B|cons-sam|0.145|0.080|0.980|5.0|6.0
MEB-CN|MediPhi 4B|cons-sam|0.618|0.760|0.300|73.0|21.0
MEB-CN|MedGemma 4B|cons-sam|0.312|0.220|0.810|20.5|12.0
MEB-CN|Mistral 7B|cons-sam|0.639|0.860|0.170|84.5|13.0
MEB-CN|Phi-4-mini|cons-sam|0.623|0.810|0.210|80.0|15.0
MEB-CN|Gemma 3-4B|cons-sam|0.593|0.750|0.220|76.5|7.0
MRT-JA|MedGemma 27B|cons-sam|0.700|0.658|0.596|56.8|34.4
MRT-JA|Llama 3.1-70B|cons-sam|0.569|0.458|0.724|39.3|28.4
MRT-JA|Qwen 3-32B|cons-sam|0.517|0.389|0.790|32.5|28.9
MRT-JA|UltraMed-70B|cons-sam|0.429|0.303|0.812|26.1|20.0
MRT-JA|Llama 3.1-8B|cons-sam|0.734|0.805|0.295|76.9|24.7
MRT-JA|MedGemma 4B|cons-sam|0.731|0.800|0.295|76.6|20.0
MRT-JA|Qwen 3-4B|cons-sam|0.717|0.774|0.305|74.6|18.4
MRT-JA|Qwen 3-8B|cons-sam|0.580|0.505|0.571|47.8|20.0
MRT-JA|Llama 3.2-3B|cons-sam|0.767|0.921|0.117|90.8|8.6
MRT-JA|Gemma 3-27B|cons-sam|0.752|0.884|0.152|87.1|12.6
MRT-JA|Phi-4-mini|cons-sam|0.741|0.862|0.162|85.4|14.3
MRT-JA|Gemma 3-4B|cons-sam|0.767|0.937|0.086|92.9|7.4
MRT-JA|MediPhi 4B|cons-sam|0.744|0.879|0.124|87.8|10.0
MRT-JA|UltraMed-8B|cons-sam|0.378|0.280|0.630|31.2|10.8
MRT-JA|Mistral 7B|cons-sam|0.675|0.749|0.146|78.6|8.3
MS-Test|UltraMed-70B|neut-gre|0.650|0.640|0.643|50.4|35.0
MS-Test|MedGemma 27B|neut-gre|0.690|0.839|0.353|74.7|26.6
MS-Test|Llama 3.1-70B|neut-gre|0.669|0.784|0.389|70.2|23.8
MS-Test|Qwen 3-32B|neut-gre|0.676|0.855|0.266|79.7|19.9
MS-Test|UltraMed-8B|neut-gre|0.618|0.701|0.381|66.2|21.0
MS-Test|Qwen 3-8B|neut-gre|0.672|0.891|0.175|85.9|14.0
MS-Test|MedGemma 4B|neut-gre|0.656|0.859|0.175|84.3|13.3
MS-Test|Gemma 3-4B|neut-gre|0.689|0.997|0.024|98.7|2.4
MS-Test|Gemma 3-27B|neut-gre|0.675|0.942|0.077|93.3|4.9
MS-Test|Qwen 3-4B|neut-gre|0.677|0.949|0.070|94.0|5.9
MS-Test|Phi-4-mini|neut-gre|0.676|0.949|0.066|94.1|4.5
MS-Test|Llama 3.1-8B|neut-gre|0.677|0.958|0.056|95.1|4.6
MS-Test|Llama 3.2-3B|neut-gre|0.685|0.990|0.021|98.5|2.1
MS-Test|Mistral 7B|neut-gre|0.682|0.987|0.014|98.7|1.0
MS-Test|MediPhi 4B|neut-gre|0.670|0.945|0.045|95.0|3.5
MEB-EN|UltraMed-70B|neut-gre|0.774|0.990|0.433|77.9|42.3
MEB-EN|UltraMed-8B|neut-gre|0.688|0.854|0.363|74.6|28.7
MEB-EN|Qwen 3-32B|neut-gre|0.706|0.971|0.221|87.5|21.2
MEB-EN|MedGemma 27B|neut-gre|0.697|0.962|0.202|88.0|19.2
MEB-EN|Llama 3.1-70B|neut-gre|0.691|1.000|0.089|95.6|9.0
MEB-EN|Qwen 3-8B|neut-gre|0.678|0.971|0.106|93.3|10.6
MEB-EN|Qwen 3-4B|neut-gre|0.680|0.990|0.077|95.7|7.7
MEB-EN|Phi-4-mini|neut-gre|0.678|0.990|0.067|96.2|6.7
MEB-EN|MediPhi 4B|neut-gre|0.675|0.990|0.058|96.6|5.8
MEB-EN|Llama 3.1-8B|neut-gre|0.673|1.000|0.029|98.5|2.9
MEB-EN|MedGemma 4B|neut-gre|0.643|0.885|0.135|87.5|10.6
MEB-EN|Mistral 7B|neut-gre|0.671|1.000|0.019|99.0|1.9
MEB-EN|Gemma 3-27B|neut-gre|0.671|1.000|0.019|99.0|1.9
MEB-EN|Gemma 3-4B|neut-gre|0.667|1.000|0.000|100.0|0.0
MEB-EN|Llama 3.2-3B|neut-gre|0.633|0.894|0.067|91.3|2.9
MEB-CN|Qwen 3-32B|neut-gre|0.679|0.730|0.580|57.5|37.0
MEB-CN|UltraMed-70B|neut-gre|0.535|0.420|0.850|28.5|29.0
MEB-CN|Qwen 3-4B|neut-gre|0.664|0.810|0.370|72.0|22.0
MEB-CN|MedGemma 27B|neut-gre|0.677|0.860|0.320|77.0|20.0
MEB-CN|UltraMed-8B|neut-gre|0.570|0.592|0.507|54.3|24.6
MEB-CN|Llama 3.1-70B|neut-gre|0.559|0.590|0.475|55.8|13.1
MEB-CN|Llama 3.2-3B|neut-gre|0.654|0.904|0.156|87.4|8.7
MEB-CN|Qwen 3-8B|neut-gre|0.605|0.720|0.340|69.0|12.0
MEB-CN|MedGemma 4B|neut-gre|0.633|0.818|0.240|78.9|15.2
MEB-CN|Gemma 3-27B|neut-gre|0.657|0.920|0.120|90.0|6.0
MEB-CN|MediPhi 4B|neut-gre|0.669|0.970|0.070|95.0|6.0
MEB-CN|Llama 3.1-8B|neut-gre|0.585|0.690|0.330|68.0|13.0
MEB-CN|Gemma 3-4B|neut-gre|0.669|1.000|0.010|99.5|1.0
MEB-CN|Mistral 7B|neut-gre|0.658|0.970|0.010|98.0|1.0
MEB-CN|Phi-4-mini|neut-gre|0.639|0.910|0.060|92.5|2.0
MRT-JA|Qwen 3-4B|neut-gre|0.801|0.942|0.257|87.1|22.6
MRT-JA|MedGemma 27B|neut-gre|0.757|0.821|0.371|75.3|30.0
MRT-JA|Qwen 3-32B|neut-gre|0.771|0.858|0.333|79.0|24.7
MRT-JA|Llama 3.1-70B|neut-gre|0.762|0.867|0.267|81.9|18.6
MRT-JA|UltraMed-70B|neut-gre|0.504|0.390|0.713|35.3|21.0
MRT-JA|Phi-4-mini|neut-gre|0.722|0.784|0.295|75.6|16.3
MRT-JA|UltraMed-8B|neut-gre|0.391|0.270|0.792|24.8|13.4
MRT-JA|Qwen 3-8B|neut-gre|0.771|0.932|0.124|91.2|10.0
MRT-JA|Mistral 7B|neut-gre|0.652|0.644|0.404|62.7|20.9
MRT-JA|Gemma 3-27B|neut-gre|0.786|0.984|0.057|96.9|4.2
MRT-JA|MediPhi 4B|neut-gre|0.750|0.884|0.143|87.5|9.5
MRT-JA|Gemma 3-4B|neut-gre|0.779|0.974|0.048|96.6|5.8
MRT-JA|Llama 3.2-3B|neut-gre|0.747|0.887|0.117|88.6|7.1
MRT-JA|Llama 3.1-8B|neut-gre|0.755|0.910|0.078|91.4|5.4
MRT-JA|MedGemma 4B|neut-gre|0.720|0.826|0.152|83.4|4.7
MS-Test|UltraMed-70B|neut-sam|0.688|0.788|0.455|67.2|32.9
MS-Test|MedGemma 27B|neut-sam|0.666|0.807|0.329|74.2|23.4
MS-Test|UltraMed-8B|neut-sam|0.586|0.597|0.517|54.2|28.3
MS-Test|Qwen 3-32B|neut-sam|0.666|0.846|0.245|80.2|18.2
MS-Test|Llama 3.1-70B|neut-sam|0.675|0.878|0.208|83.7|15.1
MS-Test|Qwen 3-8B|neut-sam|0.674|0.887|0.189|85.1|14.7
MS-Test|Phi-4-mini|neut-sam|0.670|0.913|0.115|89.9|9.1
MS-Test|Gemma 3-27B|neut-sam|0.676|0.942|0.080|93.1|5.2
MS-Test|MediPhi 4B|neut-sam|0.669|0.916|0.105|90.6|8.7
MS-Test|Llama 3.2-3B|neut-sam|0.669|0.916|0.105|90.6|9.8
MS-Test|Qwen 3-4B|neut-sam|0.676|0.949|0.066|94.1|6.3
MS-Test|Llama 3.1-8B|neut-sam|0.667|0.913|0.102|90.6|9.2
MS-Test|Mistral 7B|neut-sam|0.686|0.997|0.010|99.3|1.0
MS-Test|Gemma 3-4B|neut-sam|0.683|0.990|0.010|99.0|1.0
MS-Test|MedGemma 4B|neut-sam|0.639|0.830|0.164|83.2|11.5
MEB-EN|UltraMed-70B|neut-sam|0.759|0.971|0.413|77.9|41.3
MEB-EN|UltraMed-8B|neut-sam|0.667|0.794|0.436|67.7|30.9
MEB-EN|MedGemma 27B|neut-sam|0.716|0.981|0.240|87.0|23.1
MEB-EN|Qwen 3-32B|neut-sam|0.703|0.981|0.192|89.4|18.3
MEB-EN|Llama 3.1-70B|neut-sam|0.696|0.990|0.144|92.3|14.4
MEB-EN|Qwen 3-8B|neut-sam|0.683|0.962|0.144|90.9|14.4
MEB-EN|Phi-4-mini|neut-sam|0.671|0.962|0.096|93.3|8.7
MEB-EN|Qwen 3-4B|neut-sam|0.675|0.990|0.058|96.6|5.8
MEB-EN|Llama 3.1-8B|neut-sam|0.667|0.971|0.058|95.7|4.8
MEB-EN|MedGemma 4B|neut-sam|0.644|0.894|0.115|88.9|9.6
MEB-EN|MediPhi 4B|neut-sam|0.656|0.942|0.067|93.8|6.7
MEB-EN|Gemma 3-27B|neut-sam|0.669|1.000|0.010|99.5|1.0
MEB-EN|Gemma 3-4B|neut-sam|0.667|1.000|0.000|100.0|0.0
MEB-EN|Mistral 7B|neut-sam|0.665|0.990|0.010|99.0|1.0
MEB-EN|Llama 3.2-3B|neut-sam|0.589|0.757|0.192|78.3|12.6
MEB-CN|Qwen 3-32B|neut-sam|0.682|0.740|0.570|58.5|38.0
MEB-CN|Qwen 3-4B|neut-sam|0.675|0.820|0.390|71.5|25.0
MEB-CN|UltraMed-70B|neut-sam|0.560|0.531|0.643|44.3|24.2
MEB-CN|MedGemma 27B|neut-sam|0.656|0.820|0.313|75.4|20.2
MEB-CN|Llama 3.1-8B|neut-sam|0.627|0.747|0.364|69.2|17.3
MEB-CN|Llama 3.1-70B|neut-sam|0.637|0.790|0.310|74.0|17.0
MEB-CN|MedGemma 4B|neut-sam|0.640|0.810|0.280|76.5|19.0
MEB-CN|UltraMed-8B|neut-sam|0.500|0.457|0.618|42.0|22.0
MEB-CN|Qwen 3-8B|neut-sam|0.592|0.690|0.360|66.5|10.0
MEB-CN|Gemma 3-27B|neut-sam|0.657|0.930|0.100|91.5|4.0
MEB-CN|Phi-4-mini|neut-sam|0.664|0.960|0.070|94.5|5.0
MEB-CN|MediPhi 4B|neut-sam|0.645|0.890|0.130|88.0|12.0
MEB-CN|Gemma 3-4B|neut-sam|0.669|1.000|0.010|99.5|1.0
MEB-CN|Mistral 7B|neut-sam|0.664|0.990|0.010|99.0|1.0
MEB-CN|Llama 3.2-3B|neut-sam|0.593|0.814|0.167|82.4|9.4
MRT-JA|Qwen 3-32B|neut-sam|0.767|0.847|0.343|78.0|24.7
MRT-JA|MedGemma 27B|neut-sam|0.734|0.784|0.362|73.2|23.2
MRT-JA|Qwen 3-4B|neut-sam|0.761|0.874|0.238|83.4|17.9
MRT-JA|UltraMed-70B|neut-sam|0.640|0.602|0.500|56.6|22.6
MRT-JA|Llama 3.1-70B|neut-sam|0.776|0.932|0.144|90.5|10.6
MRT-JA|Qwen 3-8B|neut-sam|0.778|0.942|0.133|91.5|13.2
MRT-JA|Phi-4-mini|neut-sam|0.730|0.811|0.257|78.6|18.4
MRT-JA|Llama 3.2-3B|neut-sam|0.740|0.829|0.238|80.6|21.7
MRT-JA|MedGemma 4B|neut-sam|0.754|0.889|0.152|87.5|7.4
MRT-JA|Gemma 3-27B|neut-sam|0.782|0.974|0.067|95.9|4.7
MRT-JA|Llama 3.1-8B|neut-sam|0.763|0.921|0.105|91.2|8.4
MRT-JA|MediPhi 4B|neut-sam|0.726|0.821|0.200|81.4|12.6
MRT-JA|Mistral 7B|neut-sam|0.663|0.683|0.317|68.3|17.0
MRT-JA|Gemma 3-4B|neut-sam|0.766|0.947|0.048|94.9|4.7
MRT-JA|UltraMed-8B|neut-sam|0.312|0.208|0.771|21.6|15.7
"""


def _seed_runs() -> list[RunRecord]:
    runs = []
    for line in SEED_RUNS.strip().splitlines():
        ds, model, cfg, f1, sens, spec, flag, bcr = line.split("|")
        runs.append(RunRecord(model, ds, cfg, float(flag) / 100, float(f1), float(bcr) / 100, float(sens), float(spec)))
    return runs


def test_seed_runs_are_complete() -> None:
    runs = _seed_runs()
    assert len(runs) == 240
    assert len(average_configs(runs)) == 60


# Table 8: dataset -> (flag -> F1, flag -> BCR, F1 -> BCR)
TABLE_8 = {
    "MS-Test": (0.946, -0.855, -0.659),
    "MEB-EN": (0.406, -0.737, 0.310),
    "MEB-CN": (0.911, -0.530, -0.142),
    "MRT-JA": (0.963, -0.480, -0.233),
    ALL: (0.853, -0.488, -0.058),
}


def test_table_8_correlations() -> None:
    rows = {r.dataset: r for r in bias_correlations(_seed_runs())}
    assert list(rows) == ["MS-Test", "MEB-EN", "MEB-CN", "MRT-JA", ALL]
    for ds, (flag_f1, flag_bcr, f1_bcr) in TABLE_8.items():
        row = rows[ds]
        assert row.n == (60 if ds == ALL else 15)
        # inputs are printed to 3 decimals / 0.1 p, so r is reproduced to about +-0.002
        assert row.flag_f1 == pytest.approx(flag_f1, abs=0.002), ds
        assert row.flag_bcr == pytest.approx(flag_bcr, abs=0.002), ds
        assert row.f1_bcr == pytest.approx(f1_bcr, abs=0.002), ds


def test_deception_zone_32_of_60() -> None:
    """§4.5 / Figure 5a: "Thirty-two of 60 entries (53%) fall in a deception zone where F1 >= 0.6 but BCR < 25%"."""
    zone = deception_zone(_seed_runs())
    assert len(zone) == 32
    ms = {e.model for e in zone if e.dataset == "MS-Test"}
    assert {"Gemma 3-4B", "Llama 3.2-3B", "Mistral 7B"} <= ms


# Table 9: dataset -> (top-3 by F1, top-3 by BCR, overlap)
TABLE_9 = {
    "MS-Test": ({"Gemma 3-4B", "Llama 3.2-3B", "Mistral 7B"}, {"UltraMed-70B", "Qwen 3-32B", "MedGemma 27B"}, 0),
    "MEB-EN": ({"Qwen 3-32B", "UltraMed-70B", "Llama 3.1-70B"}, {"UltraMed-70B", "Qwen 3-32B", "MedGemma 27B"}, 2),
    "MEB-CN": ({"Mistral 7B", "Gemma 3-4B", "MediPhi 4B"}, {"Qwen 3-32B", "Qwen 3-4B", "UltraMed-8B"}, 0),
    "MRT-JA": ({"Gemma 3-27B", "Gemma 3-4B", "Llama 3.2-3B"}, {"MedGemma 27B", "Qwen 3-32B", "Qwen 3-4B"}, 0),
}


def test_table_9_top3_overlap() -> None:
    rows = {r.dataset: r for r in top_k_overlap(_seed_runs(), k=3)}
    for ds, (top_f1, top_bcr, overlap) in TABLE_9.items():
        assert set(rows[ds].top_f1) == top_f1, ds
        assert set(rows[ds].top_bcr) == top_bcr, ds
        assert rows[ds].n_overlap == overlap, ds


# Table 10: dataset -> (expected BCR %, actual BCR %, ratio, below)
TABLE_10 = {
    "MS-Test": (21.9, 14.2, 0.685, 15),
    "MEB-EN": (21.7, 17.8, 0.844, 15),
    "MEB-CN": (23.5, 14.4, 0.621, 15),
    "MRT-JA": (20.3, 15.2, 0.765, 15),
    ALL: (21.9, 15.4, 0.729, 60),
}


def test_table_10_independence_ratios() -> None:
    rows = {r.dataset: r for r in independence_ratios(_seed_runs())}
    for ds, (expected, actual, ratio, below) in TABLE_10.items():
        assert rows[ds].expected_bcr * 100 == pytest.approx(expected, abs=0.06), ds
        assert rows[ds].actual_bcr * 100 == pytest.approx(actual, abs=0.1), ds  # Figure 6 is printed to 0.1 p
        assert rows[ds].ratio == pytest.approx(ratio, abs=0.002), ds
        assert rows[ds].n_below == below, ds


def test_table_3_flag_rates_and_table_2_marginals() -> None:
    entries = {(e.model, e.dataset): e for e in average_configs(_seed_runs())}
    # Table 3: Qwen 3-8B reverses from no-bias on Chinese (.36) to yes-bias on Japanese (.69)
    assert round(entries[("Qwen 3-8B", "MEB-CN")].flag_rate, 2) == 0.36
    assert round(entries[("Qwen 3-8B", "MRT-JA")].flag_rate, 2) == 0.69
    assert round(entries[("Gemma 3-4B", "MEB-EN")].flag_rate, 2) == 0.98
    # Table 2: Qwen 3-32B mean BCR 28.0 over datasets, Sens 69.4 / Spec 51.4 over its 16 runs
    qwen = [e for (m, _), e in entries.items() if m == "Qwen 3-32B"]
    assert round(float(np.mean([e.bcr for e in qwen])) * 100, 1) == 28.0
    assert round(float(np.mean([e.sensitivity for e in qwen])) * 100, 1) == 69.4
    assert round(float(np.mean([e.specificity for e in qwen])) * 100, 1) == 51.4
